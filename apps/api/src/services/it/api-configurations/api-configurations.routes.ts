import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiConfigurationListQuerySchema,
  apiConfigurationParamsSchema,
  apiConfigurationRequestSchema,
  apiConfigurationSchema,
  apiConfigurationUpdateSchema,
  hydraCollectionSchema,
  invoiceUuidParamsSchema,
  notifyResultSchema,
  paginationQuerySchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookReplayResultSchema,
  webhookReplayWindowSchema,
  withPropertyFilter,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import { collectionResponse, sendCollection } from '../../../platform/hydra.ts';
import type { ApiConfigurationsService } from './api-configurations.service.ts';
import type { InvoiceNotifyService } from './invoice-notify.service.ts';

const tags = ['it: api-configurations (webhooks)'];
const security = [{ bearerAuth: [] }];

export const apiConfigurationsRoutes: FastifyPluginAsyncZod<{
  service: ApiConfigurationsService;
  notify: InvoiceNotifyService;
}> = async (app, { service, notify }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api-configurations',
    {
      schema: {
        tags,
        security,
        description:
          'Webhook configurations; `target_url` (or `targetUrl`) searches by part of the URL.',
        querystring: withPropertyFilter(apiConfigurationListQuerySchema),
        response: {
          200: collectionResponse(
            z.array(apiConfigurationSchema),
            hydraCollectionSchema(apiConfigurationSchema),
          ),
        },
      },
    },
    async (request, reply) =>
      sendCollection(request, reply, await service.list(actorOf(request), request.query)),
  );

  app.get(
    '/api-configurations/:uuid',
    {
      schema: {
        tags,
        security,
        params: apiConfigurationParamsSchema,
        response: { 200: apiConfigurationSchema },
      },
    },
    (request) => service.get(actorOf(request), request.params.uuid),
  );

  app.post(
    '/api-configurations',
    {
      schema: {
        tags,
        security,
        body: apiConfigurationRequestSchema,
        response: { 201: apiConfigurationSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(actorOf(request), request.body)),
  );

  app.put(
    '/api-configurations/:uuid',
    {
      schema: {
        tags,
        security,
        description:
          'Replaces the configuration. `authentication_token` is write-only: empty or omitted keeps the stored token, unless the target origin changes.',
        params: apiConfigurationParamsSchema,
        body: apiConfigurationUpdateSchema,
        response: { 200: apiConfigurationSchema },
      },
    },
    (request) => service.update(actorOf(request), request.params.uuid, request.body),
  );

  app.delete(
    '/api-configurations/:uuid',
    {
      schema: {
        tags,
        security,
        params: apiConfigurationParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await service.delete(actorOf(request), request.params.uuid);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api-configurations/:uuid/deliveries',
    {
      schema: {
        tags,
        security,
        description: 'Delivery log: one row per event sent to this webhook, with its last attempt.',
        params: apiConfigurationParamsSchema,
        querystring: withPropertyFilter(paginationQuerySchema),
        response: {
          200: collectionResponse(
            z.array(webhookDeliverySchema),
            hydraCollectionSchema(webhookDeliverySchema),
          ),
        },
      },
    },
    async (request, reply) =>
      sendCollection(
        request,
        reply,
        await service.deliveries(actorOf(request), request.params.uuid, request.query),
      ),
  );

  app.post(
    '/api-configurations/:uuid/deliveries/:deliveryUuid/replay',
    {
      schema: {
        tags,
        security,
        description: 'Sends the event of one delivery again, as a new delivery.',
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookDeliverySchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await service.replay(actorOf(request), request.params.uuid, request.params.deliveryUuid),
        ),
  );

  app.post(
    '/api-configurations/:uuid/replay',
    {
      schema: {
        tags,
        security,
        description: 'Sends again every event first delivered to this webhook between from and to.',
        params: apiConfigurationParamsSchema,
        body: webhookReplayWindowSchema,
        response: { 202: webhookReplayResultSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await service.replayWindow(actorOf(request), request.params.uuid, request.body)),
  );

  app.post(
    '/invoices/:uuid/notify',
    {
      schema: {
        tags,
        security,
        description: 'Sends the invoice to its customer-invoice or supplier-invoice webhooks now.',
        params: invoiceUuidParamsSchema,
        response: { 202: notifyResultSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await notify.notifyInvoice(actorOf(request), request.params.uuid)),
  );

  app.post(
    '/invoices/:uuid/notifications/notify',
    {
      schema: {
        tags,
        security,
        description:
          "Sends the invoice's SDI notifications to the customer-notification webhooks now.",
        params: invoiceUuidParamsSchema,
        response: { 202: notifyResultSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await notify.notifyNotifications(actorOf(request), request.params.uuid)),
  );
};
