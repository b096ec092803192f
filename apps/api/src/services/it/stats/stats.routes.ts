import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statsParamsSchema, statsQuerySchema, statsResponseSchema } from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import type { StatsService } from './stats.service.ts';

export const statsRoutes: FastifyPluginAsyncZod<{ service: StatsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/invoices/stats/:year',
    {
      schema: {
        tags: ['gov-it: stats'],
        security: [{ bearerAuth: [] }],
        summary: 'Invoice and notification counts (and cost) of a year, per month (Europe/Rome)',
        params: statsParamsSchema,
        querystring: statsQuerySchema,
        response: { 200: statsResponseSchema },
      },
    },
    async (request) =>
      service.yearly(actorOf(request), request.params.year, request.query.fiscal_id),
  );
};
