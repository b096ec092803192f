import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerInvoiceImportSchema,
  invoiceCreatedSchema,
  problemSchema,
  supplierInvoiceImportSchema,
} from '@fiscus/contracts';
import { actorOf } from '../../../platform/auth.ts';
import type { ImportsService } from './imports.service.ts';

const tags = ['gov-it: imports'];
const security = [{ bearerAuth: [] }];

export const importsRoutes: FastifyPluginAsyncZod<{ service: ImportsService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/customer-invoice-imports',
    {
      schema: {
        tags,
        security,
        summary:
          'Import a customer invoice sent through another channel, with its SDI notifications',
        description:
          'invoice_file_name and sdi_id are required when no notification names the file; the marking follows the latest notification (RC delivered, NS rejected, NE EC01/EC02 accepted-pa/rejected-pa, …).',
        body: customerInvoiceImportSchema,
        response: { 201: invoiceCreatedSchema, 422: problemSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.importCustomerInvoice(actorOf(request), request.body)),
  );

  app.post(
    '/supplier-invoice-imports',
    {
      schema: {
        tags,
        security,
        summary: 'Import a supplier invoice, with its SDI metadata file',
        body: supplierInvoiceImportSchema,
        response: { 201: invoiceCreatedSchema, 422: problemSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.importSupplierInvoice(actorOf(request), request.body)),
  );
};
