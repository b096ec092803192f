/**
 * In-memory Peppol webhooks of both domains (`/api/peppol/{it,be}/webhooks`) with a delivery
 * log. Requests are checked with the API's schema; like the API, a URL on a private address is
 * refused on `url`.
 */
import {
  peppolWebhookRequestSchema,
  webhookTargetMessages,
  type PeppolWebhook,
} from '@fiscus/contracts';
import { http } from 'msw';
import type { PeppolWebhookDelivery } from '../../features/peppol-webhooks/api/webhook-queries';
import { apiUrl, hydraCollection, notFound, parseBody, unprocessable } from './http';
import { memoryResource } from './memory-resource';

const NOW = '2026-12-01T10:00:00.000Z';
const WEBHOOK_UUID = '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';

export const samplePeppolWebhook: PeppolWebhook = {
  '@id': `/api/peppol/it/webhooks/${WEBHOOK_UUID}`,
  uuid: WEBHOOK_UUID,
  event: 'incoming-document',
  url: 'https://hooks.example.com/peppol/incoming',
  createdAt: '2026-11-25T08:15:00.000Z',
};

export const samplePeppolDelivery: PeppolWebhookDelivery = {
  uuid: '7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281',
  event: 'incoming-document',
  status: 'failed',
  attempt: 3,
  response_code: 502,
  duration_ms: 87,
  error: 'Bad Gateway',
  replay_of: null,
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:05:00.000Z',
  delivered_at: null,
};

const PRIVATE_HOST = /^https?:\/\/(localhost|127\.|10\.|192\.168\.)/;

function domainHandlers(domain: 'it' | 'be', seed: PeppolWebhook[]) {
  const webhooks = memoryResource(seed, (webhook) => webhook.uuid, 'uuid');
  const collection = apiUrl('peppol', `/${domain}/webhooks`);
  const item = apiUrl('peppol', `/${domain}/webhooks/:uuid`);
  return [
    http.get(collection, () => hydraCollection(webhooks.items)),
    http.post(collection, async ({ request }) => {
      const body = await parseBody(request, peppolWebhookRequestSchema);
      if (!body.ok) return body.response;
      if (PRIVATE_HOST.test(body.data.url)) {
        return unprocessable([
          { propertyPath: 'url', message: webhookTargetMessages.privateTarget, code: 'invalid' },
        ]);
      }
      const uuid = crypto.randomUUID();
      return webhooks.create({
        '@id': `/api/peppol/${domain}/webhooks/${uuid}`,
        uuid,
        event: body.data.event,
        url: body.data.url,
        createdAt: NOW,
      });
    }),
    http.get(item, webhooks.read),
    http.delete(item, webhooks.remove),
    http.get(apiUrl('peppol', `/${domain}/webhooks/:uuid/deliveries`), ({ params }) =>
      webhooks.find(params)
        ? hydraCollection(params.uuid === WEBHOOK_UUID ? [samplePeppolDelivery] : [])
        : notFound(),
    ),
  ];
}

export function peppolWebhooksHandlers(
  italy: PeppolWebhook[] = [structuredClone(samplePeppolWebhook)],
  belgium: PeppolWebhook[] = [],
) {
  return [...domainHandlers('it', italy), ...domainHandlers('be', belgium)];
}
