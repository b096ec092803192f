import {
  obAccountParamsSchema,
  obAccountSchema,
  obAccountUpdateSchema,
  obBusinessRegistryCreateSchema,
  obBusinessRegistryListQuerySchema,
  obBusinessRegistrySchema,
  obBusinessRegistryUpdateSchema,
  obCategorySchema,
  obConnectRequestSchema,
  obConnectResponseSchema,
  obFiscalIdParamsSchema,
  obPaymentListQuerySchema,
  obPaymentSchema,
  obReceivePaymentResponseSchema,
  obReceivePaymentSchema,
  obReconnectResponseSchema,
  obRemovedAccountsSchema,
  obSubscriptionSchema,
  obTransactionListQuerySchema,
  obTransactionSchema,
  obWebhookDeliverySchema,
  obWebhookParamsSchema,
  obWebhookRequestSchema,
  obWebhookSchema,
  paginationQuerySchema,
  problemSchema,
} from '@fiscus/contracts';
import {
  collectionRoute,
  itemRoute,
  noContentRoute,
  resourceRoutes,
} from '../../platform/http/resource-routes.ts';
import type { ObAccountsService } from './accounts/accounts.service.ts';
import { assertOpenBankingUser } from './ob-access.ts';
import type { ObPaymentsService } from './payments/payments.service.ts';
import type { ObRegistriesService } from './registries/registries.service.ts';
import type { ObTransactionsService } from './transactions/transactions.service.ts';
import type { ObWebhooksService } from './webhooks/ob-webhooks.service.ts';

/** Business registries, their connect flow and subscription (spec 7 "Open banking"). */
export const obRegistriesRoutes = resourceRoutes({
  tags: ['ob: business registry'],
  access: assertOpenBankingUser,
  routes: ({ service }: { service: ObRegistriesService }) => [
    collectionRoute('/business-registry', {
      summary: 'Business registries, newest first',
      description: 'fiscalId finds registries whose fiscal id starts so; businessName, partial.',
      querystring: obBusinessRegistryListQuerySchema,
      member: obBusinessRegistrySchema,
      handle: ({ actor, query }) => service.list(actor, query),
    }),
    itemRoute('POST', '/business-registry', {
      summary: 'Creates a business registry (data reading off until turned on)',
      body: obBusinessRegistryCreateSchema,
      response: obBusinessRegistrySchema,
      status: 201,
      errors: { 403: problemSchema, 422: problemSchema },
      handle: ({ actor, body }) => service.create(actor, body),
    }),
    itemRoute('GET', '/business-registry/:fiscalId', {
      summary: 'One business registry',
      params: obFiscalIdParamsSchema,
      response: obBusinessRegistrySchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.get(actor, params.fiscalId),
    }),
    itemRoute('PUT', '/business-registry/:fiscalId', {
      summary: 'Updates a registry; enabled=true starts (or resumes) the annual subscription',
      params: obFiscalIdParamsSchema,
      body: obBusinessRegistryUpdateSchema,
      response: obBusinessRegistrySchema,
      errors: { 404: problemSchema, 422: problemSchema },
      handle: ({ actor, params, body }) => service.update(actor, params.fiscalId, body),
    }),
    noContentRoute('DELETE', '/business-registry/:fiscalId', {
      summary: 'Deletes a registry with its connections (never one with payments)',
      params: obFiscalIdParamsSchema,
      errors: { 404: problemSchema, 422: problemSchema },
      handle: ({ actor, params }) => service.delete(actor, params.fiscalId),
    }),
    itemRoute('POST', '/business-registry/:fiscalId/connect', {
      summary: 'The hosted connect flow’s link (choose the bank, log in, accounts, consent)',
      params: obFiscalIdParamsSchema,
      body: obConnectRequestSchema,
      response: obConnectResponseSchema,
      errors: { 404: problemSchema, 422: problemSchema },
      handle: ({ actor, params, body }) => service.connect(actor, params.fiscalId, body),
    }),
    itemRoute('GET', '/business-registry/:fiscalId/subscription', {
      summary: 'The registry’s data-reading subscription (its latest year)',
      params: obFiscalIdParamsSchema,
      response: obSubscriptionSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.subscription(actor, params.fiscalId),
    }),
  ],
});

/** Bank accounts (spec 7: accounts of a registry, enable, reconnect, delete). */
export const obAccountsRoutes = resourceRoutes({
  tags: ['ob: accounts'],
  access: assertOpenBankingUser,
  routes: ({ service }: { service: ObAccountsService }) => [
    collectionRoute('/business-registry/:fiscalId/accounts', {
      summary: 'The registry’s bank accounts',
      params: obFiscalIdParamsSchema,
      querystring: paginationQuerySchema,
      member: obAccountSchema,
      handle: ({ actor, params, query }) => service.list(actor, params.fiscalId, query),
    }),
    itemRoute('GET', '/accounts/:uuid', {
      summary: 'One bank account',
      params: obAccountParamsSchema,
      response: obAccountSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.get(actor, params.uuid),
    }),
    itemRoute('PUT', '/accounts/:uuid', {
      summary: 'Turns an account on or off (an account off is not read)',
      params: obAccountParamsSchema,
      body: obAccountUpdateSchema,
      response: obAccountSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params, body }) => service.setEnabled(actor, params.uuid, body.enabled),
    }),
    itemRoute('GET', '/accounts/:uuid/reconnect', {
      summary: 'A hosted flow renewing the consent of the account’s bank connection',
      params: obAccountParamsSchema,
      response: obReconnectResponseSchema,
      errors: { 404: problemSchema, 422: problemSchema },
      handle: ({ actor, params }) => service.reconnect(actor, params.uuid),
    }),
    itemRoute('DELETE', '/accounts/:uuid', {
      summary: 'Deletes the account with its whole bank connection (all off, no payments)',
      params: obAccountParamsSchema,
      response: obRemovedAccountsSchema,
      errors: { 404: problemSchema, 422: problemSchema },
      handle: ({ actor, params }) => service.delete(actor, params.uuid),
    }),
  ],
});

/** Payments (spec 7: list, receive by SEPA or SEPA Instant). */
export const obPaymentsRoutes = resourceRoutes({
  tags: ['ob: payments'],
  access: assertOpenBankingUser,
  routes: ({ service }: { service: ObPaymentsService }) => [
    collectionRoute('/business-registry/:fiscalId/payments', {
      summary: 'The registry’s payments, newest first',
      params: obFiscalIdParamsSchema,
      querystring: obPaymentListQuerySchema,
      member: obPaymentSchema,
      handle: ({ actor, params, query }) => service.list(actor, params.fiscalId, query),
    }),
    itemRoute('POST', '/payments/receive/sepa', {
      summary: 'Asks for a SEPA credit transfer to an account: the payer’s page link',
      body: obReceivePaymentSchema,
      response: obReceivePaymentResponseSchema,
      status: 201,
      errors: { 404: problemSchema, 422: problemSchema },
      handle: ({ actor, body }) => service.receive(actor, 'sepa', body),
    }),
    itemRoute('POST', '/payments/receive/sepa-instant', {
      summary: 'Asks for a SEPA Instant credit transfer to an account: the payer’s page link',
      body: obReceivePaymentSchema,
      response: obReceivePaymentResponseSchema,
      status: 201,
      errors: { 404: problemSchema, 422: problemSchema },
      handle: ({ actor, body }) => service.receive(actor, 'sepa_instant', body),
    }),
  ],
});

/** Transactions and categories (spec 7). */
export const obTransactionsRoutes = resourceRoutes({
  tags: ['ob: transactions'],
  access: assertOpenBankingUser,
  routes: ({ service }: { service: ObTransactionsService }) => [
    collectionRoute('/business-registry/:fiscalId/transactions', {
      summary: 'The registry’s transactions, newest first',
      params: obFiscalIdParamsSchema,
      querystring: obTransactionListQuerySchema,
      member: obTransactionSchema,
      handle: ({ actor, params, query }) => service.list(actor, params.fiscalId, query),
    }),
    collectionRoute('/categories', {
      summary: 'The transaction categories',
      querystring: paginationQuerySchema,
      member: obCategorySchema,
      handle: async ({ actor }) => service.categories(actor),
    }),
  ],
});

/** Open-banking webhooks (spec 7: list, get, create, update, delete; delivery log). */
export const obWebhooksRoutes = resourceRoutes({
  tags: ['ob: webhooks'],
  access: assertOpenBankingUser,
  routes: ({ service }: { service: ObWebhooksService }) => [
    collectionRoute('/webhooks', {
      summary: 'The business’s open-banking webhooks',
      querystring: paginationQuerySchema,
      member: obWebhookSchema,
      handle: ({ actor, query }) => service.list(actor, query),
    }),
    itemRoute('POST', '/webhooks', {
      summary: 'Creates a webhook (connect, reconnect or payment; signed like the others)',
      body: obWebhookRequestSchema,
      response: obWebhookSchema,
      status: 201,
      errors: { 403: problemSchema, 422: problemSchema },
      handle: ({ actor, body }) => service.create(actor, body),
    }),
    itemRoute('GET', '/webhooks/:uuid', {
      summary: 'One webhook',
      params: obWebhookParamsSchema,
      response: obWebhookSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.get(actor, params.uuid),
    }),
    itemRoute('PUT', '/webhooks/:uuid', {
      summary: 'Changes a webhook (a token stays only while its URL does)',
      params: obWebhookParamsSchema,
      body: obWebhookRequestSchema,
      response: obWebhookSchema,
      errors: { 404: problemSchema, 422: problemSchema },
      handle: ({ actor, params, body }) => service.update(actor, params.uuid, body),
    }),
    noContentRoute('DELETE', '/webhooks/:uuid', {
      summary: 'Deletes a webhook',
      params: obWebhookParamsSchema,
      errors: { 404: problemSchema },
      handle: ({ actor, params }) => service.delete(actor, params.uuid),
    }),
    collectionRoute('/webhooks/:uuid/deliveries', {
      summary: 'The webhook’s deliveries, newest first',
      params: obWebhookParamsSchema,
      querystring: paginationQuerySchema,
      member: obWebhookDeliverySchema,
      handle: ({ actor, params, query }) => service.deliveries(actor, params.uuid, query),
    }),
  ],
});
