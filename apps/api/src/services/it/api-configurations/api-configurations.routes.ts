import {
  apiConfigurationListQuerySchema,
  apiConfigurationParamsSchema,
  apiConfigurationRequestSchema,
  apiConfigurationSchema,
  apiConfigurationUpdateSchema,
  invoiceUuidParamsSchema,
  notifyResultSchema,
  paginationQuerySchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookReplayResultSchema,
  webhookReplayWindowSchema,
} from '@fiscus/contracts';
import {
  collectionRoute,
  itemRoute,
  noContentRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import type { ApiConfigurationsService } from './api-configurations.service.ts';
import { assertCanConfigureWebhooks } from './configuration-access.ts';
import type { InvoiceNotifyService } from './invoice-notify.service.ts';

/** Webhooks (api-configurations), their delivery log and replays, and on-demand notify. */
export const apiConfigurationsRoutes = resourceRoutes({
  tags: ['it: api-configurations (webhooks)'],
  access: assertCanConfigureWebhooks,
  routes: ({
    service,
    notify,
  }: {
    service: ApiConfigurationsService;
    notify: InvoiceNotifyService;
  }) => [
    collectionRoute('/api-configurations', {
      description:
        'Webhook configurations; `target_url` (or `targetUrl`) searches by part of the URL.',
      querystring: apiConfigurationListQuerySchema,
      member: apiConfigurationSchema,
      handle: ({ actor, query }) => service.list(actor, query),
    }),
    itemRoute('GET', '/api-configurations/:uuid', {
      params: apiConfigurationParamsSchema,
      response: apiConfigurationSchema,
      handle: ({ actor, params }) => service.get(actor, params.uuid),
    }),
    itemRoute('POST', '/api-configurations', {
      body: apiConfigurationRequestSchema,
      response: apiConfigurationSchema,
      status: 201,
      handle: ({ actor, body }) => service.create(actor, body),
    }),
    itemRoute('PUT', '/api-configurations/:uuid', {
      description:
        'Replaces the configuration. `authentication_token` is write-only: empty or omitted keeps the stored token, unless the target origin changes.',
      params: apiConfigurationParamsSchema,
      body: apiConfigurationUpdateSchema,
      response: apiConfigurationSchema,
      handle: ({ actor, params, body }) => service.update(actor, params.uuid, body),
    }),
    noContentRoute('DELETE', '/api-configurations/:uuid', {
      params: apiConfigurationParamsSchema,
      handle: ({ actor, params }) => service.delete(actor, params.uuid),
    }),
    collectionRoute('/api-configurations/:uuid/deliveries', {
      description: 'Delivery log: one row per event sent to this webhook, with its last attempt.',
      params: apiConfigurationParamsSchema,
      querystring: paginationQuerySchema,
      member: webhookDeliverySchema,
      handle: ({ actor, params, query }) => service.deliveries(actor, params.uuid, query),
    }),
    itemRoute('POST', '/api-configurations/:uuid/deliveries/:deliveryUuid/replay', {
      description: 'Sends the event of one delivery again, as a new delivery.',
      params: webhookDeliveryParamsSchema,
      response: webhookDeliverySchema,
      status: 202,
      handle: ({ actor, params }) => service.replay(actor, params.uuid, params.deliveryUuid),
    }),
    itemRoute('POST', '/api-configurations/:uuid/replay', {
      description: 'Sends again every event first delivered to this webhook between from and to.',
      params: apiConfigurationParamsSchema,
      body: webhookReplayWindowSchema,
      response: webhookReplayResultSchema,
      status: 202,
      handle: ({ actor, params, body }) => service.replayWindow(actor, params.uuid, body),
    }),
    itemRoute('POST', '/invoices/:uuid/notify', {
      description: 'Sends the invoice to its customer-invoice or supplier-invoice webhooks now.',
      params: invoiceUuidParamsSchema,
      response: notifyResultSchema,
      status: 202,
      handle: ({ actor, params }) => notify.notifyInvoice(actor, params.uuid),
    }),
    itemRoute('POST', '/invoices/:uuid/notifications/notify', {
      description:
        "Sends the invoice's SDI notifications to the customer-notification webhooks now.",
      params: invoiceUuidParamsSchema,
      response: notifyResultSchema,
      status: 202,
      handle: ({ actor, params }) => notify.notifyNotifications(actor, params.uuid),
    }),
  ],
});
