import {
  preSaleActionListQuerySchema,
  preSaleActionParamsSchema,
  preSaleActionRequestSchema,
  preSaleActionSchema,
} from '@fiscus/contracts';
import {
  anyAccount,
  collectionRoute,
  itemRoute,
  noContentRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import type { PreSaleActionsService } from './pre-sale-actions.service.ts';

/** Credit alert actions of the signed-in login, on its own pre-sales. */
export const preSaleActionsRoutes = resourceRoutes({
  tags: ['common: pre-sale actions'],
  access: anyAccount,
  routes: ({ service }: { service: PreSaleActionsService }) => [
    collectionRoute('/pre-sale-actions', {
      querystring: preSaleActionListQuerySchema,
      member: preSaleActionSchema,
      handle: ({ actor, query }) => service.list(actor, query),
    }),
    itemRoute('POST', '/pre-sale-actions', {
      body: preSaleActionRequestSchema,
      response: preSaleActionSchema,
      status: 201,
      handle: ({ actor, body }) => service.create(actor, body),
    }),
    itemRoute('PUT', '/pre-sale-actions/:uuid', {
      params: preSaleActionParamsSchema,
      body: preSaleActionRequestSchema,
      response: preSaleActionSchema,
      handle: ({ actor, params, body }) => service.update(actor, params.uuid, body),
    }),
    noContentRoute('DELETE', '/pre-sale-actions/:uuid', {
      params: preSaleActionParamsSchema,
      handle: ({ actor, params }) => service.delete(actor, params.uuid),
    }),
  ],
});
