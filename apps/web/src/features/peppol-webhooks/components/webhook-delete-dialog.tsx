import type { PeppolWebhook } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/form';
import type { PeppolDomain } from '../../../lib/peppol-domain';
import { useDeleteWebhook } from '../api/webhook-queries';

export function WebhookDeleteDialog({
  domain,
  webhook,
  onClose,
}: {
  domain: PeppolDomain;
  webhook: PeppolWebhook;
  onClose: () => void;
}) {
  const { t } = useTranslation('peppolWebhooks');
  const remove = useDeleteWebhook(domain);
  return (
    <DeleteDialog
      title={t('delete.title')}
      message={t('delete.message', { event: t(`events.${webhook.event}`), url: webhook.url })}
      onDelete={() => remove.mutateAsync(webhook.uuid)}
      successMessage={t('messages.deleted')}
      errorMessage={t('errors.generic', { ns: 'common' })}
      onClose={onClose}
    />
  );
}
