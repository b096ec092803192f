import { z } from 'zod';
import {
  businessRegistryConfigurationListQuerySchema,
  businessRegistryConfigurationParamsSchema,
  businessRegistryConfigurationRequestSchema,
  businessRegistryConfigurationSchema,
  businessRegistryConfigurationUpdateSchema,
  receiptSettingsResponseSchema,
  receiptSettingsSchema,
  registrySubAccountParamsSchema,
  registrySubAccountRequestSchema,
  registrySubAccountSchema,
  subAccountEmailParamsSchema,
} from '@fiscus/contracts';
import {
  collectionRoute,
  itemRoute,
  noContentRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import type { BusinessRegistryConfigurationsService } from './business-registry-configurations.service.ts';
import { assertRegistryReader } from './business-registry-configurations.service.ts';

const base = '/business-registry-configurations';

/** The business's companies (registries), named by fiscal id, and their sub-account links. */
export const businessRegistryConfigurationsRoutes = resourceRoutes({
  tags: ['it: business registry configurations'],
  access: assertRegistryReader,
  routes: ({ service }: { service: BusinessRegistryConfigurationsService }) => [
    collectionRoute(base, {
      description:
        'Filters: fiscalId, email, name (partial); supplierInvoiceEnabled, applySignature, applyLegalStorage, legalStorageActive, receipts_enabled (true/false/1/0).',
      querystring: businessRegistryConfigurationListQuerySchema,
      member: businessRegistryConfigurationSchema,
      handle: ({ actor, query }) => service.list(actor, query),
    }),
    itemRoute('GET', `${base}/sub-accounts/:email`, {
      params: subAccountEmailParamsSchema,
      response: z.array(businessRegistryConfigurationSchema),
      handle: ({ actor, params }) => service.registriesOfSubAccount(actor, params.email),
    }),
    itemRoute('GET', `${base}/:id`, {
      params: businessRegistryConfigurationParamsSchema,
      response: businessRegistryConfigurationSchema,
      handle: ({ actor, params }) => service.get(actor, params.id),
    }),
    itemRoute('POST', base, {
      body: businessRegistryConfigurationRequestSchema,
      response: businessRegistryConfigurationSchema,
      status: 201,
      handle: ({ actor, body }) => service.create(actor, body),
    }),
    itemRoute('PUT', `${base}/:id`, {
      params: businessRegistryConfigurationParamsSchema,
      body: businessRegistryConfigurationUpdateSchema,
      response: businessRegistryConfigurationSchema,
      handle: ({ actor, params, body }) => service.update(actor, params.id, body),
    }),
    noContentRoute('DELETE', `${base}/:id`, {
      params: businessRegistryConfigurationParamsSchema,
      handle: ({ actor, params }) => service.delete(actor, params.id),
    }),
    itemRoute('GET', `${base}/:id/receipt-settings`, {
      params: businessRegistryConfigurationParamsSchema,
      response: receiptSettingsResponseSchema,
      handle: ({ actor, params }) => service.receiptSettings(actor, params.id),
    }),
    itemRoute('PUT', `${base}/:id/receipt-settings`, {
      params: businessRegistryConfigurationParamsSchema,
      body: receiptSettingsSchema,
      response: receiptSettingsResponseSchema,
      handle: ({ actor, params, body }) => service.updateReceiptSettings(actor, params.id, body),
    }),
    itemRoute('GET', `${base}/:id/sub-accounts`, {
      params: businessRegistryConfigurationParamsSchema,
      response: z.array(registrySubAccountSchema),
      handle: ({ actor, params }) => service.subAccounts(actor, params.id),
    }),
    itemRoute('POST', `${base}/:id/sub-accounts`, {
      description:
        'With a password, creates the sub-account (email, password; fiscal_id: the company fiscal id) and links it to the company; without one, links an existing sub-account by email.',
      params: businessRegistryConfigurationParamsSchema,
      body: registrySubAccountRequestSchema,
      response: registrySubAccountSchema,
      status: 201,
      handle: ({ actor, params, body }) => service.linkSubAccount(actor, params.id, body),
    }),
    noContentRoute('DELETE', `${base}/:id/sub-accounts/:email`, {
      params: registrySubAccountParamsSchema,
      handle: ({ actor, params }) => service.unlinkSubAccount(actor, params.id, params.email),
    }),
  ],
});
