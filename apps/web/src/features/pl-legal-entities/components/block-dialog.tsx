/**
 * Disable or enable a legal entity after asking (spec 4: one POST toggles it; the button reads
 * "enable" when the entity is blocked). The snackbar says what happened: the new state, or the
 * server's refusal, else the generic error; the dialog closes either way.
 */
import type { PlLegalEntity } from '@fiscus/contracts';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/form';
import { clientErrorDetail } from '../../../lib/hydra';
import { useToggleBlock } from '../api/legal-entity-actions';

export function BlockDialog({ entity, onClose }: { entity: PlLegalEntity; onClose: () => void }) {
  const { t } = useTranslation('plLegalEntities');
  const { enqueueSnackbar } = useSnackbar();
  const toggle = useToggleBlock();
  const enabling = entity.status === 'blocked';
  const confirm = async () => {
    try {
      const saved = await toggle.mutateAsync(entity.uuid);
      enqueueSnackbar(
        t(saved.status === 'blocked' ? 'messages.disabled' : 'messages.enabled', {
          name: saved.name,
        }),
        { variant: 'success' },
      );
    } catch (error) {
      enqueueSnackbar(clientErrorDetail(error) || t('errors.generic', { ns: 'common' }), {
        variant: 'error',
      });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title={t(enabling ? 'block.enableTitle' : 'block.disableTitle')}
      message={t(enabling ? 'block.enableMessage' : 'block.disableMessage', {
        name: entity.name,
        nip: entity.nip,
      })}
      confirmLabel={t(enabling ? 'actions.enable' : 'actions.disable')}
      isPending={toggle.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
