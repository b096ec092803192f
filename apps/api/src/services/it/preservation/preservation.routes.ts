import { invoiceUuidParamsSchema, preservedDocumentSchema } from '@fiscus/contracts';
import { itemRoute, resourceRoutes } from '../../../platform/http/resource-routes.ts';
import { assertItReader } from '../invoice-access.ts';
import type { PreservationService } from './preservation.service.ts';

/** The invoice side of legal storage, under /api/it. */
export const invoicePreservationRoutes = resourceRoutes({
  tags: ['it: preservation'],
  access: assertItReader,
  routes: ({ service }: { service: PreservationService }) => [
    itemRoute('POST', '/invoices/:uuid/preserve', {
      description:
        'Sends the invoice to legal storage; the document then moves to_be_stored → sent → sent_metadata → stored.',
      params: invoiceUuidParamsSchema,
      response: preservedDocumentSchema,
      status: 202,
      handle: ({ actor, params }) => service.preserveInvoice(actor, params.uuid),
    }),
    itemRoute('GET', '/invoices/:uuid/preserved-document', {
      params: invoiceUuidParamsSchema,
      response: preservedDocumentSchema,
      handle: ({ actor, params }) => service.preservedDocumentOfInvoice(actor, params.uuid),
    }),
  ],
});
