import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessRegistryConfigurationListQuerySchema,
  businessRegistryConfigurationParamsSchema,
  businessRegistryConfigurationRequestSchema,
  businessRegistryConfigurationSchema,
  businessRegistryConfigurationUpdateSchema,
  hydraCollectionSchema,
  receiptSettingsResponseSchema,
  receiptSettingsSchema,
  registrySubAccountParamsSchema,
  registrySubAccountRequestSchema,
  registrySubAccountSchema,
  subAccountEmailParamsSchema,
  withPropertyFilter,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import { collectionResponse, sendCollection } from '../../../platform/hydra.ts';
import type { BusinessRegistryConfigurationsService } from './business-registry-configurations.service.ts';

const tags = ['it: business registry configurations'];
const security = [{ bearerAuth: [] }];
const base = '/business-registry-configurations';

export const businessRegistryConfigurationsRoutes: FastifyPluginAsyncZod<{
  service: BusinessRegistryConfigurationsService;
}> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    base,
    {
      schema: {
        tags,
        security,
        description:
          'Filters: fiscalId, email, name (partial); supplierInvoiceEnabled, applySignature, applyLegalStorage, legalStorageActive, receipts_enabled (true/false/1/0).',
        querystring: withPropertyFilter(businessRegistryConfigurationListQuerySchema),
        response: {
          200: collectionResponse(
            z.array(businessRegistryConfigurationSchema),
            hydraCollectionSchema(businessRegistryConfigurationSchema),
          ),
        },
      },
    },
    async (request, reply) =>
      sendCollection(request, reply, await service.list(actorOf(request), request.query)),
  );

  app.get(
    `${base}/sub-accounts/:email`,
    {
      schema: {
        tags,
        security,
        params: subAccountEmailParamsSchema,
        response: { 200: z.array(businessRegistryConfigurationSchema) },
      },
    },
    (request) => service.registriesOfSubAccount(actorOf(request), request.params.email),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        security,
        params: businessRegistryConfigurationParamsSchema,
        response: { 200: businessRegistryConfigurationSchema },
      },
    },
    (request) => service.get(actorOf(request), request.params.id),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        security,
        body: businessRegistryConfigurationRequestSchema,
        response: { 201: businessRegistryConfigurationSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(actorOf(request), request.body)),
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        security,
        params: businessRegistryConfigurationParamsSchema,
        body: businessRegistryConfigurationUpdateSchema,
        response: { 200: businessRegistryConfigurationSchema },
      },
    },
    (request) => service.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        security,
        params: businessRegistryConfigurationParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await service.delete(actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/:id/receipt-settings`,
    {
      schema: {
        tags,
        security,
        params: businessRegistryConfigurationParamsSchema,
        response: { 200: receiptSettingsResponseSchema },
      },
    },
    (request) => service.receiptSettings(actorOf(request), request.params.id),
  );

  app.put(
    `${base}/:id/receipt-settings`,
    {
      schema: {
        tags,
        security,
        params: businessRegistryConfigurationParamsSchema,
        body: receiptSettingsSchema,
        response: { 200: receiptSettingsResponseSchema },
      },
    },
    (request) => service.updateReceiptSettings(actorOf(request), request.params.id, request.body),
  );

  app.get(
    `${base}/:id/sub-accounts`,
    {
      schema: {
        tags,
        security,
        params: businessRegistryConfigurationParamsSchema,
        response: { 200: z.array(registrySubAccountSchema) },
      },
    },
    (request) => service.subAccounts(actorOf(request), request.params.id),
  );

  app.post(
    `${base}/:id/sub-accounts`,
    {
      schema: {
        tags,
        security,
        description:
          'With a password, creates the sub-account (email, password; fiscal_id: the company fiscal id) and links it to the company; without one, links an existing sub-account by email.',
        params: businessRegistryConfigurationParamsSchema,
        body: registrySubAccountRequestSchema,
        response: { 201: registrySubAccountSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.linkSubAccount(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    `${base}/:id/sub-accounts/:email`,
    {
      schema: {
        tags,
        security,
        params: registrySubAccountParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await service.unlinkSubAccount(actorOf(request), request.params.id, request.params.email);
      return reply.code(204).send();
    },
  );
};
