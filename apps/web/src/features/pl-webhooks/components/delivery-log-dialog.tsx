/**
 * The delivery log of one Polish webhook: the shared log (`components/webhook-delivery-log`)
 * with this feature's calls, words and types.
 */
import { plWebhookTypes } from '@fiscus/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WebhookDeliveryLog } from '../../../components/webhook-delivery-log/webhook-delivery-log';
import { webhookQueries } from '../api/webhook-queries';

const isKnownType = (event: string) => (plWebhookTypes as readonly string[]).includes(event);

export function DeliveryLogDialog({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const { t } = useTranslation('plWebhooks');
  const webhook = useQuery(webhookQueries.detail(uuid));
  return (
    <WebhookDeliveryLog
      namespace="plWebhooks"
      onClose={onClose}
      webhook={{
        isPending: webhook.isPending,
        isError: webhook.isError,
        describe: webhook.data
          ? `${webhook.data.legalEntityName} · ${t(`types.${webhook.data.webhookType}`)} → ${webhook.data.webhookUrl}`
          : null,
      }}
      pageQuery={(params) => webhookQueries.deliveries(uuid, params)}
      eventLabel={(event) => (isKnownType(event) ? t(`types.${event}`) : event)}
    />
  );
}
