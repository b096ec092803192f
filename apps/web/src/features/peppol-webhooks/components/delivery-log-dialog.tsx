/**
 * The delivery log of one Peppol webhook: the shared log (`components/webhook-delivery-log`)
 * with this feature's calls, words and events.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WebhookDeliveryLog } from '../../../components/webhook-delivery-log/webhook-delivery-log';
import type { PeppolDomain } from '../../../lib/peppol-domain';
import { webhookQueries } from '../api/webhook-queries';

export function DeliveryLogDialog({
  domain,
  uuid,
  onClose,
}: {
  domain: PeppolDomain;
  uuid: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('peppolWebhooks');
  const webhook = useQuery(webhookQueries.detail(domain, uuid));
  return (
    <WebhookDeliveryLog
      namespace="peppolWebhooks"
      onClose={onClose}
      webhook={{
        isPending: webhook.isPending,
        isError: webhook.isError,
        describe: webhook.data
          ? `${t(`events.${webhook.data.event}`)} → ${webhook.data.url}`
          : null,
      }}
      pageQuery={(params) => webhookQueries.deliveries(domain, uuid, params)}
      eventLabel={(event) => t(`events.${event}`)}
    />
  );
}
