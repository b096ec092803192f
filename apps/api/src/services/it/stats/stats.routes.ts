import { statsParamsSchema, statsQuerySchema, statsResponseSchema } from '@fiscus/contracts';
import { itemRoute, resourceRoutes } from '../../../platform/http/resource-routes.ts';
import { assertItReader } from '../invoice-access.ts';
import type { StatsService } from './stats.service.ts';

/** The dashboard's yearly counts of the business's invoices. */
export const statsRoutes = resourceRoutes({
  tags: ['gov-it: stats'],
  access: assertItReader,
  routes: ({ service }: { service: StatsService }) => [
    itemRoute('GET', '/invoices/stats/:year', {
      summary: 'Invoice and notification counts (and cost) of a year, per month (Europe/Rome)',
      params: statsParamsSchema,
      querystring: statsQuerySchema,
      response: statsResponseSchema,
      handle: ({ actor, params, query }) => service.yearly(actor, params.year, query.fiscal_id),
    }),
  ],
});
