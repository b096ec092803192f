/**
 * In-memory Polish webhooks (`/api/pl/webhooks`, every one at once) with a delivery log. Requests
 * are checked with the API's schema; like the API, a legal entity the account lacks is refused on
 * `legalEntity`, a second webhook of one entity and type on `webhookType`, a private address on
 * `webhookUrl`.
 */
import {
  plWebhookRequestSchema,
  webhookTargetMessages,
  type PlWebhook,
  type PlWebhookDelivery,
  type PlWebhookRequest,
} from '@fiscus/contracts';
import { http } from 'msw';
import { apiUrl, hydraCollection, notFound, parseBody, unprocessable } from './http';
import { memoryResource } from './memory-resource';
import { sampleActiveEntity, samplePlLegalEntities } from './pl-legal-entities';

const NOW = '2026-12-01T10:00:00.000Z';

export const samplePlWebhook: PlWebhook = {
  uuid: '5c4b3a29-1f0e-4d8c-9b7a-6f5e4d3c2b1a',
  legalEntityUuid: sampleActiveEntity.uuid,
  legalEntityName: sampleActiveEntity.name,
  webhookType: 'legal-entity-invoice-receiver',
  webhookUrl: 'https://erp.alfa.example/ksef/received',
  createdAt: '2026-11-25T08:15:00.000Z',
};

export const samplePlDelivery: PlWebhookDelivery = {
  uuid: '8f7e6d5c-4b3a-4291-8f0e-d7c6b5a49382',
  event: 'legal-entity-invoice-receiver',
  status: 'failed',
  attempt: 3,
  response_code: 503,
  duration_ms: 112,
  error: 'Service Unavailable',
  replay_of: null,
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:05:00.000Z',
  delivered_at: null,
};

const PRIVATE_HOST = /^https?:\/\/(localhost|127\.|10\.|192\.168\.)/;

export function plWebhooksHandlers(seed: PlWebhook[] = [structuredClone(samplePlWebhook)]) {
  const webhooks = memoryResource(seed, (webhook) => webhook.uuid, 'uuid');
  const collection = apiUrl('pl', '/webhooks');
  const item = apiUrl('pl', '/webhooks/:uuid');
  /** The API's own checks, or the entity the webhook belongs to. */
  const checked = (body: PlWebhookRequest, except?: string) => {
    const entity = samplePlLegalEntities.find((candidate) => candidate.uuid === body.legalEntity);
    if (!entity) {
      return unprocessable([
        {
          propertyPath: 'legalEntity',
          message: 'No legal entity of this account has this id.',
          code: 'invalid',
        },
      ]);
    }
    if (PRIVATE_HOST.test(body.webhookUrl)) {
      return unprocessable([
        {
          propertyPath: 'webhookUrl',
          message: webhookTargetMessages.privateTarget,
          code: 'invalid',
        },
      ]);
    }
    const taken = webhooks.items.some(
      (webhook) =>
        webhook.legalEntityUuid === entity.uuid &&
        webhook.webhookType === body.webhookType &&
        webhook.uuid !== except,
    );
    if (taken) {
      return unprocessable([
        {
          propertyPath: 'webhookType',
          message: 'This legal entity already has a webhook of this type.',
          code: 'invalid',
        },
      ]);
    }
    return entity;
  };
  return [
    http.get(collection, () => hydraCollection(webhooks.items)),
    http.post(collection, async ({ request }) => {
      const body = await parseBody(request, plWebhookRequestSchema);
      if (!body.ok) return body.response;
      const entity = checked(body.data);
      if (entity instanceof Response) return entity;
      return webhooks.create({
        uuid: crypto.randomUUID(),
        legalEntityUuid: entity.uuid,
        legalEntityName: entity.name,
        webhookType: body.data.webhookType,
        webhookUrl: body.data.webhookUrl,
        createdAt: NOW,
      });
    }),
    http.get(item, webhooks.read),
    http.put(item, ({ request, params }) =>
      webhooks.update(params, async (current) => {
        const body = await parseBody(request, plWebhookRequestSchema);
        if (!body.ok) return body.response;
        const entity = checked(body.data, current.uuid);
        if (entity instanceof Response) return entity;
        return {
          ...current,
          legalEntityUuid: entity.uuid,
          legalEntityName: entity.name,
          webhookType: body.data.webhookType,
          webhookUrl: body.data.webhookUrl,
        };
      }),
    ),
    http.delete(item, webhooks.remove),
    http.get(apiUrl('pl', '/webhooks/:uuid/deliveries'), ({ params }) =>
      webhooks.find(params)
        ? hydraCollection(params.uuid === samplePlWebhook.uuid ? [samplePlDelivery] : [])
        : notFound(),
    ),
  ];
}
