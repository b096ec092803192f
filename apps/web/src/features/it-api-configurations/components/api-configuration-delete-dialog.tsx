import type { ApiConfiguration } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/form';
import { useDeleteApiConfiguration } from '../api/use-delete-api-configuration';

export function ApiConfigurationDeleteDialog({
  configuration,
  onClose,
}: {
  configuration: ApiConfiguration;
  onClose: () => void;
}) {
  const { t } = useTranslation('apiConfigurations');
  const deleteConfiguration = useDeleteApiConfiguration();
  return (
    <DeleteDialog
      title={t('delete.title')}
      message={t('delete.message', {
        event: configuration.event,
        target: configuration.target_url,
      })}
      onDelete={() => deleteConfiguration.mutateAsync(configuration.uuid)}
      successMessage={t('messages.deleted')}
      // Spec 8: a failed delete shows the error message in a snackbar.
      errorMessage={t('messages.deleteError')}
      onClose={onClose}
    />
  );
}
