import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { draftsRoutes } from './drafts/drafts.routes.ts';
import { importsRoutes } from './imports/imports.routes.ts';
import { invoiceDownloadPlugin } from './invoice-download/invoice-download.plugin.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import type { ItInvoicing } from './it-invoicing.composition.ts';
import { simulationRoutes } from './sdi-simulation/simulation.routes.ts';
import { statsRoutes } from './stats/stats.routes.ts';
import { taxDrawerRoutes, taxPortalConsentRoutes } from './tax-drawer/tax-drawer.routes.ts';
import { rejectedInvoicesRoutes } from './rejected-invoices/rejected-invoices.routes.ts';
import { invoiceTransfersRoutes } from './transfers/transfers.routes.ts';
import { expensesRoutes } from './expenses/expenses.routes.ts';
import { receiptsRoutes } from './receipts/receipts.routes.ts';

/** Bodies read as bytes for the invoice intake: XML, signed .p7m (DER) and base64 text. */
const RAW_INVOICE_TYPES = [
  'application/xml',
  'text/xml',
  'application/pkcs7-mime',
  'application/octet-stream',
  'text/plain',
];

/**
 * The Italian invoicing API (invoices, drafts, notifications, imports, stats) and the SDI
 * sandbox, and the invoice transfers' list. Mounted inside the `/api/it` prefix; the services are
 * built once by `composeItInvoicing` (app.ts), which the transfer store's mount shares.
 */
export const itInvoicingPlugin: FastifyPluginAsync<{ config: AppConfig; it: ItInvoicing }> = async (
  app,
  { it },
) => {
  app.addContentTypeParser(RAW_INVOICE_TYPES, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  await app.register(invoicesRoutes, { service: it.invoices });
  await app.register(draftsRoutes, { service: it.drafts });
  await app.register(importsRoutes, { service: it.imports });
  await app.register(statsRoutes, { service: it.stats });
  await app.register(invoiceTransfersRoutes, { service: it.transfers });
  if (it.simulation) await app.register(simulationRoutes, { service: it.simulation });

  // The tax portal (sandbox): tax drawer credentials, its consent page, rejected-invoice recovery.
  await app.register(taxDrawerRoutes, { service: it.taxPortal.taxDrawer });
  await app.register(taxPortalConsentRoutes, { service: it.taxPortal.taxDrawer });
  await app.register(rejectedInvoicesRoutes, { service: it.taxPortal.rejectedInvoices });
  // Massive imports (the daily download schedule, a download now) and the jobs list.
  await app.register(invoiceDownloadPlugin, { download: it.invoiceDownload });
  // Smart receipts, sent to the Agenzia's documento commerciale service (sandbox).
  await app.register(receiptsRoutes, { service: it.receipts.service });
  await it.receipts.scheduleDaily();
  // Health expenses, sent to Sistema Tessera Sanitaria (sandbox).
  await app.register(expensesRoutes, { service: it.expenses.service });
};
