import type { PlWebhook } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/form';
import { useDeleteWebhook } from '../api/webhook-queries';

export function WebhookDeleteDialog({
  webhook,
  onClose,
}: {
  webhook: PlWebhook;
  onClose: () => void;
}) {
  const { t } = useTranslation('plWebhooks');
  const remove = useDeleteWebhook();
  return (
    <DeleteDialog
      title={t('delete.title')}
      message={t('delete.message', {
        type: t(`types.${webhook.webhookType}`),
        name: webhook.legalEntityName,
        url: webhook.webhookUrl,
      })}
      onDelete={() => remove.mutateAsync(webhook.uuid)}
      successMessage={t('messages.deleted')}
      errorMessage={t('errors.generic', { ns: 'common' })}
      onClose={onClose}
    />
  );
}
