import {
  subAccountChangePasswordRequestSchema,
  subAccountCreateRequestSchema,
  subAccountListQuerySchema,
  subAccountParamsSchema,
  subAccountSchema,
  subAccountUpdateRequestSchema,
} from '@fiscus/contracts';
import {
  collectionRoute,
  itemRoute,
  noContentRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import type { SubAccountsService } from './sub-accounts.service.ts';
import { assertSubAccountManager } from './sub-accounts.service.ts';

/** Sub-accounts of the signed-in manager, named by email. */
export const subAccountsRoutes = resourceRoutes({
  tags: ['common: sub-accounts'],
  access: assertSubAccountManager,
  routes: ({ service }: { service: SubAccountsService }) => [
    collectionRoute('/users/me/accounts', {
      summary: 'Sub-accounts of the signed-in manager',
      querystring: subAccountListQuerySchema,
      member: subAccountSchema,
      handle: ({ actor, query }) => service.list(actor, query),
    }),
    itemRoute('GET', '/users/me/accounts/:email', {
      params: subAccountParamsSchema,
      response: subAccountSchema,
      handle: ({ actor, params }) => service.get(actor, params.email),
    }),
    itemRoute('POST', '/users/me/accounts', {
      body: subAccountCreateRequestSchema,
      response: subAccountSchema,
      status: 201,
      handle: ({ actor, body }) => service.create(actor, body),
    }),
    itemRoute('PUT', '/users/me/accounts/:email', {
      params: subAccountParamsSchema,
      body: subAccountUpdateRequestSchema,
      response: subAccountSchema,
      handle: ({ actor, params, body }) => service.update(actor, params.email, body),
    }),
    noContentRoute('PUT', '/users/me/accounts/:email/change-password', {
      params: subAccountParamsSchema,
      body: subAccountChangePasswordRequestSchema,
      handle: ({ actor, params, body }) => service.changePassword(actor, params.email, body),
    }),
    noContentRoute('DELETE', '/users/me/accounts/:email', {
      params: subAccountParamsSchema,
      handle: ({ actor, params }) => service.delete(actor, params.email),
    }),
  ],
});
