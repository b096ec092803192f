import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceUuidParamsSchema, preservedDocumentSchema } from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import type { PreservationService } from './preservation.service.ts';

const tags = ['it: preservation'];
const security = [{ bearerAuth: [] }];

/** The invoice side of legal storage, under /api/it. */
export const invoicePreservationRoutes: FastifyPluginAsyncZod<{
  service: PreservationService;
}> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/invoices/:uuid/preserve',
    {
      schema: {
        tags,
        security,
        description:
          'Sends the invoice to legal storage; the document then moves to_be_stored → sent → sent_metadata → stored.',
        params: invoiceUuidParamsSchema,
        response: { 202: preservedDocumentSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.preserveInvoice(actorOf(request), request.params.uuid)),
  );

  app.get(
    '/invoices/:uuid/preserved-document',
    {
      schema: {
        tags,
        security,
        params: invoiceUuidParamsSchema,
        response: { 200: preservedDocumentSchema },
      },
    },
    (request) => service.preservedDocumentOfInvoice(actorOf(request), request.params.uuid),
  );
};
