import type { ApiConfiguration } from '@fiscus/contracts';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/list-kit';
import { clientErrorDetail } from '../../../lib/hydra';
import { useDeleteApiConfiguration } from '../api/use-delete-api-configuration';

export function ApiConfigurationDeleteDialog({
  configuration,
  onClose,
}: {
  configuration: ApiConfiguration;
  onClose: () => void;
}) {
  const { t } = useTranslation('apiConfigurations');
  const { enqueueSnackbar } = useSnackbar();
  const deleteConfiguration = useDeleteApiConfiguration();

  return (
    <ConfirmDialog
      open
      title={t('delete.title')}
      message={t('delete.message', {
        event: configuration.event,
        target: configuration.target_url,
      })}
      isPending={deleteConfiguration.isPending}
      onCancel={onClose}
      onConfirm={() =>
        deleteConfiguration.mutate(configuration.uuid, {
          onSuccess: () => {
            enqueueSnackbar(t('messages.deleted'), { variant: 'success' });
            onClose();
          },
          onError: (error) => {
            // Spec 8: a failed delete shows the error message in a snackbar.
            const detail = clientErrorDetail(error);
            enqueueSnackbar(detail || t('messages.deleteError'), { variant: 'error' });
            onClose();
          },
        })
      }
    />
  );
}
