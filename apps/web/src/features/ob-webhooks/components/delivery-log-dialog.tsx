/**
 * The delivery log of one open-banking webhook: the shared log (`components/webhook-delivery-log`)
 * with this feature's calls, words and events.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WebhookDeliveryLog } from '../../../components/webhook-delivery-log/webhook-delivery-log';
import { webhookQueries } from '../api/webhook-queries';

/** The API keeps them as `ob:{event}`; the log may show either. */
function eventOf(event: string): string {
  return event.startsWith('ob:') ? event.slice(3) : event;
}

export function DeliveryLogDialog({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const { t } = useTranslation('obWebhooks');
  const webhook = useQuery(webhookQueries.detail(uuid));
  const eventLabel = (event: string) =>
    t(`events.${eventOf(event)}`, { defaultValue: eventOf(event) });
  return (
    <WebhookDeliveryLog
      namespace="obWebhooks"
      onClose={onClose}
      webhook={{
        isPending: webhook.isPending,
        isError: webhook.isError,
        describe: webhook.data
          ? `${eventLabel(webhook.data.event)} → ${webhook.data.targetUrl}`
          : null,
      }}
      pageQuery={(params) => webhookQueries.deliveries(uuid, params)}
      eventLabel={eventLabel}
    />
  );
}
