/**
 * Asks before turning a registry's data reading on or off (spec 4): turning it on starts an
 * annual subscription, renewed automatically, at the fee the API records
 * (`OB_SUBSCRIPTION_ANNUAL_FEE`); the question says so.
 */
import { OB_SUBSCRIPTION_ANNUAL_FEE, type ObBusinessRegistry } from '@fiscus/contracts';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/form';
import { formatMoney } from '../../../lib/decimal-amount';
import { clientErrorDetail } from '../../../lib/hydra';
import { currentLanguage } from '../../../lib/i18n';
import { useToggleDataReading } from '../api/registry-actions';

export function DataReadingDialog({
  registry,
  onClose,
}: {
  registry: ObBusinessRegistry;
  onClose: () => void;
}) {
  const { t } = useTranslation('obBusinessRegistry');
  const { enqueueSnackbar } = useSnackbar();
  const toggle = useToggleDataReading();
  const enabling = !registry.enabled;
  const confirm = () =>
    toggle.mutate(registry, {
      onSuccess: (saved) => {
        enqueueSnackbar(
          t(saved.enabled ? 'dataReading.enabled' : 'dataReading.disabled', {
            name: saved.businessName,
          }),
          { variant: 'success' },
        );
        onClose();
      },
      onError: (error) => {
        enqueueSnackbar(clientErrorDetail(error) || t('errors.generic', { ns: 'common' }), {
          variant: 'error',
        });
        onClose();
      },
    });
  return (
    <ConfirmDialog
      open
      title={t(enabling ? 'dataReading.enableTitle' : 'dataReading.disableTitle')}
      message={t(enabling ? 'dataReading.enableMessage' : 'dataReading.disableMessage', {
        name: registry.businessName,
        fee: formatMoney(OB_SUBSCRIPTION_ANNUAL_FEE, currentLanguage(), 'EUR'),
      })}
      confirmLabel={t(enabling ? 'dataReading.enable' : 'dataReading.disable')}
      isPending={toggle.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
