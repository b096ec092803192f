import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { draftsRoutes } from './drafts/drafts.routes.ts';
import { importsRoutes } from './imports/imports.routes.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import { composeItInvoicing } from './it-invoicing.composition.ts';
import { simulationRoutes } from './sdi-simulation/simulation.routes.ts';
import { statsRoutes } from './stats/stats.routes.ts';

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
 * sandbox. Mounted inside the `/api/it` prefix.
 */
export const itInvoicingPlugin: FastifyPluginAsync<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  app.addContentTypeParser(RAW_INVOICE_TYPES, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  const it = composeItInvoicing(app.platform, config, app.log);
  await app.register(invoicesRoutes, { service: it.invoices });
  await app.register(draftsRoutes, { service: it.drafts });
  await app.register(importsRoutes, { service: it.imports });
  await app.register(statsRoutes, { service: it.stats });
  if (it.simulation) await app.register(simulationRoutes, { service: it.simulation });
};
