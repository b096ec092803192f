import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consumptionListQuerySchema,
  consumptionSchema,
  hydraCollectionSchema,
  preSaleListQuerySchema,
  preSaleSchema,
  withPropertyFilter,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import { collectionResponse, sendCollection } from '../../../platform/hydra.ts';
import type { PreSalesService } from './pre-sales.service.ts';

const tags = ['common: credit'];
const security = [{ bearerAuth: [] }];

export const preSalesRoutes: FastifyPluginAsyncZod<{ service: PreSalesService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/pre-sales',
    {
      schema: {
        tags,
        security,
        summary: 'Purchased credit of the signed-in account',
        querystring: withPropertyFilter(preSaleListQuerySchema),
        response: {
          200: collectionResponse(z.array(preSaleSchema), hydraCollectionSchema(preSaleSchema)),
        },
      },
    },
    async (request, reply) =>
      sendCollection(request, reply, await service.listPreSales(actorOf(request), request.query)),
  );

  app.get(
    '/consumptions',
    {
      schema: {
        tags,
        security,
        summary: 'Spend per month over the last 12 months (Europe/Rome calendar)',
        querystring: withPropertyFilter(consumptionListQuerySchema),
        response: {
          200: collectionResponse(
            z.array(consumptionSchema),
            hydraCollectionSchema(consumptionSchema),
          ),
        },
      },
    },
    async (request, reply) =>
      sendCollection(
        request,
        reply,
        await service.listConsumptions(actorOf(request), request.query),
      ),
  );
};
