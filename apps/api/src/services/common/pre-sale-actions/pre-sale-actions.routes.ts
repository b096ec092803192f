import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hydraCollectionSchema,
  preSaleActionListQuerySchema,
  preSaleActionParamsSchema,
  preSaleActionRequestSchema,
  preSaleActionSchema,
  withPropertyFilter,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import { collectionResponse, sendCollection } from '../../../platform/hydra.ts';
import type { PreSaleActionsService } from './pre-sale-actions.service.ts';

const tags = ['common: pre-sale actions'];
const security = [{ bearerAuth: [] }];

export const preSaleActionsRoutes: FastifyPluginAsyncZod<{
  service: PreSaleActionsService;
}> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/pre-sale-actions',
    {
      schema: {
        tags,
        security,
        querystring: withPropertyFilter(preSaleActionListQuerySchema),
        response: {
          200: collectionResponse(
            z.array(preSaleActionSchema),
            hydraCollectionSchema(preSaleActionSchema),
          ),
        },
      },
    },
    async (request, reply) =>
      sendCollection(request, reply, await service.list(actorOf(request), request.query)),
  );

  app.post(
    '/pre-sale-actions',
    {
      schema: {
        tags,
        security,
        body: preSaleActionRequestSchema,
        response: { 201: preSaleActionSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(actorOf(request), request.body)),
  );

  app.put(
    '/pre-sale-actions/:uuid',
    {
      schema: {
        tags,
        security,
        params: preSaleActionParamsSchema,
        body: preSaleActionRequestSchema,
        response: { 200: preSaleActionSchema },
      },
    },
    (request) => service.update(actorOf(request), request.params.uuid, request.body),
  );

  app.delete(
    '/pre-sale-actions/:uuid',
    {
      schema: {
        tags,
        security,
        params: preSaleActionParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await service.delete(actorOf(request), request.params.uuid);
      return reply.code(204).send();
    },
  );
};
