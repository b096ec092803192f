import {
  paginationQuerySchema,
  plWebhookDeliverySchema,
  plWebhookParamsSchema,
  plWebhookRequestSchema,
  plWebhookSchema,
  problemSchema,
} from '@fiscus/contracts';
import {
  collectionRoute,
  itemRoute,
  noContentRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import { assertPolishUser } from '../pl-access.ts';
import type { PlWebhooksService } from './pl-webhooks.service.ts';

/** Polish webhooks (spec "/gov-pl/webhooks", calls "GET /webhooks"), under `/api/pl`. */
export const plWebhooksRoutes = resourceRoutes({
  tags: ['pl: webhooks'],
  access: assertPolishUser,
  routes: ({ service }: { service: PlWebhooksService }) => [
    collectionRoute('/webhooks', {
      summary: 'Every webhook of the business (no pages)',
      querystring: paginationQuerySchema,
      member: plWebhookSchema,
      handle: ({ actor }) => service.list(actor),
    }),
    itemRoute('POST', '/webhooks', {
      summary: 'Creates a webhook of a legal entity for one type (signed like the others)',
      body: plWebhookRequestSchema,
      response: plWebhookSchema,
      status: 201,
      errors: { 403: problemSchema, 422: problemSchema },
      handle: ({ actor, body }) => service.create(actor, body),
    }),
    itemRoute('GET', '/webhooks/:uuid', {
      summary: 'One webhook',
      params: plWebhookParamsSchema,
      response: plWebhookSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.get(actor, params.uuid),
    }),
    itemRoute('PUT', '/webhooks/:uuid', {
      summary: 'Changes a webhook’s legal entity, type or URL',
      params: plWebhookParamsSchema,
      body: plWebhookRequestSchema,
      response: plWebhookSchema,
      errors: { 404: problemSchema, 422: problemSchema },
      handle: ({ actor, params, body }) => service.update(actor, params.uuid, body),
    }),
    noContentRoute('DELETE', '/webhooks/:uuid', {
      summary: 'Deletes a webhook',
      params: plWebhookParamsSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.delete(actor, params.uuid),
    }),
    collectionRoute('/webhooks/:uuid/deliveries', {
      summary: 'The webhook’s deliveries, newest first',
      params: plWebhookParamsSchema,
      querystring: paginationQuerySchema,
      member: plWebhookDeliverySchema,
      handle: ({ actor, params, query }) => service.deliveries(actor, params.uuid, query),
    }),
  ],
});
