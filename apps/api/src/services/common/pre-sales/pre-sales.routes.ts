import {
  consumptionListQuerySchema,
  consumptionSchema,
  preSaleListQuerySchema,
  preSaleSchema,
} from '@fiscus/contracts';
import {
  anyAccount,
  collectionRoute,
  resourceRoutes,
} from '../../../platform/http/resource-routes.ts';
import type { PreSalesService } from './pre-sales.service.ts';

/** Purchased credit and monthly consumption of the signed-in login. */
export const preSalesRoutes = resourceRoutes({
  tags: ['common: credit'],
  access: anyAccount,
  routes: ({ service }: { service: PreSalesService }) => [
    collectionRoute('/pre-sales', {
      summary: 'Purchased credit of the signed-in account',
      querystring: preSaleListQuerySchema,
      member: preSaleSchema,
      handle: ({ actor, query }) => service.listPreSales(actor, query),
    }),
    collectionRoute('/consumptions', {
      summary: 'Spend per month over the last 12 months (Europe/Rome calendar)',
      querystring: consumptionListQuerySchema,
      member: consumptionSchema,
      handle: ({ actor, query }) => service.listConsumptions(actor, query),
    }),
  ],
});
