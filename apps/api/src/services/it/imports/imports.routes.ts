import {
  customerInvoiceImportSchema,
  invoiceCreatedSchema,
  problemSchema,
  supplierInvoiceImportSchema,
} from '@fiscus/contracts';
import { itemRoute, resourceRoutes } from '../../../platform/http/resource-routes.ts';
import { assertCanSend, assertDirection, assertItReader } from '../invoice-access.ts';
import type { ImportsService } from './imports.service.ts';

/** Invoices exchanged through another channel, imported with their SDI messages. */
export const importsRoutes = resourceRoutes({
  tags: ['gov-it: imports'],
  access: assertItReader,
  routes: ({ service }: { service: ImportsService }) => [
    itemRoute('POST', '/customer-invoice-imports', {
      summary: 'Import a customer invoice sent through another channel, with its SDI notifications',
      description:
        'invoice_file_name and sdi_id are required when no notification names the file; the marking follows the latest notification (RC delivered, NS rejected, NE EC01/EC02 accepted-pa/rejected-pa, …).',
      access: assertCanSend,
      body: customerInvoiceImportSchema,
      response: invoiceCreatedSchema,
      status: 201,
      errors: { 422: problemSchema },
      handle: ({ actor, body }) => service.importCustomerInvoice(actor, body),
    }),
    itemRoute('POST', '/supplier-invoice-imports', {
      summary: 'Import a supplier invoice, with its SDI metadata file',
      access: (actor) => assertDirection(actor, 1),
      body: supplierInvoiceImportSchema,
      response: invoiceCreatedSchema,
      status: 201,
      errors: { 422: problemSchema },
      handle: ({ actor, body }) => service.importSupplierInvoice(actor, body),
    }),
  ],
});
