import {
  paginationQuerySchema,
  peppolDocumentParamsSchema,
  peppolWebhookDeliverySchema,
  peppolWebhookRequestSchema,
  peppolWebhookSchema,
  problemSchema,
} from '@fiscus/contracts';
import {
  collectionRoute,
  itemRoute,
  noContentRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import { assertPeppolUser } from '../legal-entities/legal-entities.service.ts';
import type { PeppolWebhooksService } from './peppol-webhooks.service.ts';

/** The Peppol webhook calls of one domain (spec 7 "Webhook config"; provider section 5). */
export const peppolWebhooksRoutes = (tag: string) =>
  resourceRoutes({
    tags: [tag],
    access: assertPeppolUser,
    routes: ({ service }: { service: PeppolWebhooksService }) => [
      collectionRoute('/webhooks', {
        summary: 'Webhooks (outgoing-document, incoming-document), newest first',
        querystring: paginationQuerySchema,
        member: peppolWebhookSchema,
        handle: ({ actor, query }) => service.list(actor, query),
      }),
      itemRoute('POST', '/webhooks', {
        summary: 'Creates a webhook: every document of that direction is announced to the url',
        body: peppolWebhookRequestSchema,
        response: peppolWebhookSchema,
        status: 201,
        errors: { 403: problemSchema, 422: problemSchema },
        handle: ({ actor, body }) => service.create(actor, body),
      }),
      itemRoute('GET', '/webhooks/:uuid', {
        summary: 'One webhook',
        params: peppolDocumentParamsSchema,
        response: peppolWebhookSchema,
        errors: { 404: problemSchema },
        handle: ({ actor, params }) => service.get(actor, params.uuid),
      }),
      noContentRoute('DELETE', '/webhooks/:uuid', {
        summary: 'Deletes a webhook',
        params: peppolDocumentParamsSchema,
        errors: { 404: problemSchema },
        handle: ({ actor, params }) => service.delete(actor, params.uuid),
      }),
      collectionRoute('/webhooks/:uuid/deliveries', {
        summary: 'The webhook’s delivery log: each event sent, with its last attempt',
        params: peppolDocumentParamsSchema,
        querystring: paginationQuerySchema,
        member: peppolWebhookDeliverySchema,
        handle: ({ actor, params, query }) => service.deliveries(actor, params.uuid, query),
      }),
    ],
  });
