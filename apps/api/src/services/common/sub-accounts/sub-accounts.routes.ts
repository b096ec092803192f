import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hydraCollectionSchema,
  subAccountChangePasswordRequestSchema,
  subAccountCreateRequestSchema,
  subAccountListQuerySchema,
  subAccountParamsSchema,
  subAccountSchema,
  subAccountUpdateRequestSchema,
  withPropertyFilter,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import { collectionResponse, sendCollection } from '../../../platform/hydra.ts';
import type { SubAccountsService } from './sub-accounts.service.ts';

const tags = ['common: sub-accounts'];
const security = [{ bearerAuth: [] }];

export const subAccountsRoutes: FastifyPluginAsyncZod<{ service: SubAccountsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/users/me/accounts',
    {
      schema: {
        tags,
        security,
        summary: 'Sub-accounts of the signed-in manager',
        querystring: withPropertyFilter(subAccountListQuerySchema),
        response: {
          200: collectionResponse(
            z.array(subAccountSchema),
            hydraCollectionSchema(subAccountSchema),
          ),
        },
      },
    },
    async (request, reply) =>
      sendCollection(request, reply, await service.list(actorOf(request), request.query)),
  );

  app.get(
    '/users/me/accounts/:email',
    {
      schema: {
        tags,
        security,
        params: subAccountParamsSchema,
        response: { 200: subAccountSchema },
      },
    },
    (request) => service.get(actorOf(request), request.params.email),
  );

  app.post(
    '/users/me/accounts',
    {
      schema: {
        tags,
        security,
        body: subAccountCreateRequestSchema,
        response: { 201: subAccountSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(actorOf(request), request.body)),
  );

  app.put(
    '/users/me/accounts/:email',
    {
      schema: {
        tags,
        security,
        params: subAccountParamsSchema,
        body: subAccountUpdateRequestSchema,
        response: { 200: subAccountSchema },
      },
    },
    (request) => service.update(actorOf(request), request.params.email, request.body),
  );

  app.put(
    '/users/me/accounts/:email/change-password',
    {
      schema: {
        tags,
        security,
        params: subAccountParamsSchema,
        body: subAccountChangePasswordRequestSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await service.changePassword(actorOf(request), request.params.email, request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/users/me/accounts/:email',
    {
      schema: { tags, security, params: subAccountParamsSchema, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await service.delete(actorOf(request), request.params.email);
      return reply.code(204).send();
    },
  );
};
