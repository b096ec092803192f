import type { ObWebhook } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/form';
import { useDeleteWebhook } from '../api/webhook-queries';

export function WebhookDeleteDialog({
  webhook,
  onClose,
}: {
  webhook: ObWebhook;
  onClose: () => void;
}) {
  const { t } = useTranslation('obWebhooks');
  const remove = useDeleteWebhook();
  return (
    <DeleteDialog
      title={t('delete.title')}
      message={t('delete.message', {
        event: t(`events.${webhook.event}`),
        url: webhook.targetUrl,
      })}
      onDelete={() => remove.mutateAsync(webhook.uuid)}
      successMessage={t('messages.deleted')}
      errorMessage={t('errors.generic', { ns: 'common' })}
      onClose={onClose}
    />
  );
}
