import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hydraCollectionSchema,
  invoiceCreatedSchema,
  invoiceHeadersSchema,
  invoiceListQuerySchema,
  invoiceSchema,
  invoiceUuidParamsSchema,
  problemSchema,
  withPropertyFilter,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import { collectionResponse, sendCollection } from '../../../platform/hydra.ts';
import type { InvoiceKind } from '../invoices/invoice-intake.ts';
import { flag } from '../invoices/invoices.routes.ts';
import type { DraftsService } from './drafts.service.ts';

const tags = ['gov-it: drafts'];
const security = [{ bearerAuth: [] }];

export const draftsRoutes: FastifyPluginAsyncZod<{ service: DraftsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/invoices/draft',
    {
      schema: {
        tags,
        security,
        summary: 'List drafts',
        description:
          'Filters: uuid, created_at / createdAt[…], invoiceDate[…], sender.fiscalId, recipient.fiscalId, sender.business_name, recipient.business_name, page, itemsPerPage.',
        querystring: withPropertyFilter(invoiceListQuerySchema),
        response: {
          200: collectionResponse(z.array(invoiceSchema), hydraCollectionSchema(invoiceSchema)),
        },
      },
    },
    async (request, reply) =>
      sendCollection(request, reply, await service.list(actorOf(request), request.query)),
  );

  app.get(
    '/invoices/draft/:uuid',
    {
      schema: {
        tags,
        security,
        summary: 'One draft as JSON, or its XML as it would be sent (Accept: application/xml)',
        params: invoiceUuidParamsSchema,
        response: {
          200: {
            description: 'The draft',
            content: {
              'application/json': { schema: invoiceSchema },
              'application/xml': { schema: z.string() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const type = request.accepts().type(['application/json', 'application/xml', 'text/xml']);
      if (type === 'application/xml' || type === 'text/xml') {
        return reply
          .type('application/xml; charset=utf-8')
          .send(await service.xml(actorOf(request), request.params.uuid));
      }
      return reply
        .type('application/json; charset=utf-8')
        .send(await service.get(actorOf(request), request.params.uuid));
    },
  );

  for (const [base, kind] of [
    ['/invoices/draft', 'standard'],
    ['/invoices/simplified/draft', 'simplified'],
  ] as const satisfies readonly (readonly [string, InvoiceKind])[]) {
    app.post(
      base,
      {
        schema: {
          tags,
          security,
          summary: `Create a ${kind} draft (X-Draft-Blocked: true → marking draft-blocked)`,
          description: 'JSON or XML body, like POST /invoices; a draft may be incomplete.',
          headers: invoiceHeadersSchema,
          response: { 201: invoiceCreatedSchema, 400: problemSchema },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await service.create(
              actorOf(request),
              request.body,
              kind,
              flag(request.headers['x-draft-blocked']),
            ),
          ),
    );
    app.put(
      `${base}/:uuid`,
      {
        schema: {
          tags,
          security,
          summary: `Update a ${kind} draft`,
          params: invoiceUuidParamsSchema,
          headers: invoiceHeadersSchema,
          response: { 200: invoiceSchema, 400: problemSchema },
        },
      },
      async (request) => {
        const header = request.headers['x-draft-blocked'];
        return service.update(
          actorOf(request),
          request.params.uuid,
          request.body,
          kind,
          header === undefined ? undefined : flag(header),
        );
      },
    );
    app.post(
      `${base}/:uuid/send`,
      {
        schema: {
          tags,
          security,
          summary: `Send a ${kind} draft (409 'draft send error blocked' when blocked)`,
          params: invoiceUuidParamsSchema,
          response: { 202: invoiceCreatedSchema, 400: problemSchema, 409: problemSchema },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await service.send(actorOf(request), request.params.uuid, kind)),
    );
    app.delete(
      `${base}/:uuid`,
      {
        schema: {
          tags,
          security,
          summary: `Delete a ${kind} draft`,
          params: invoiceUuidParamsSchema,
          response: { 204: z.undefined() },
        },
      },
      async (request, reply) => {
        await service.delete(actorOf(request), request.params.uuid);
        return reply.code(204).send();
      },
    );
  }
};
