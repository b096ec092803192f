import fastifyAccepts from '@fastify/accepts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { SandboxSdiGateway } from '../../gateways/sdi/sandbox.ts';
import { PROVIDER_RETRY_POLICY } from '../../gateways/sdi/sdi-gateway.ts';
import { draftsRoutes } from './drafts/drafts.routes.ts';
import { DraftsService } from './drafts/drafts.service.ts';
import { importsRoutes } from './imports/imports.routes.ts';
import { ImportsService } from './imports/imports.service.ts';
import { InvoicesRepository } from './invoices/invoices.repository.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import { InvoicesService } from './invoices/invoices.service.ts';
import {
  DEMO_MANAGED_COMPANIES,
  recipientAccountFinder,
} from './sdi-simulation/find-recipient-account.ts';
import { simulationRoutes } from './sdi-simulation/simulation.routes.ts';
import { SimulationService } from './sdi-simulation/simulation.service.ts';
import { statsRoutes } from './stats/stats.routes.ts';
import { StatsService } from './stats/stats.service.ts';

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
  await app.register(fastifyAccepts);
  app.addContentTypeParser(RAW_INVOICE_TYPES, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  const { db } = app.platform.database;
  const repository = new InvoicesRepository(db);
  const sdi = new SandboxSdiGateway({
    repository,
    jobs: app.platform.jobs,
    logger: app.log,
    delayMs: config.sandboxDelayMs,
    paTermsMs: config.sandboxPaTermsMs,
    // The provider's 14 tries with factor 1.6, on the sandbox's time scale (SANDBOX_DELAY_MS).
    retryPolicy: { ...PROVIDER_RETRY_POLICY, intervalMs: config.sandboxDelayMs },
    findRecipientAccount: recipientAccountFinder(
      db,
      config.sandbox && config.seedDemo ? DEMO_MANAGED_COMPANIES : [],
    ),
  });
  sdi.registerJobs(app.platform.worker);

  const invoices = new InvoicesService(repository, sdi);
  await app.register(invoicesRoutes, { service: invoices });
  await app.register(draftsRoutes, { service: new DraftsService(repository, invoices) });
  await app.register(importsRoutes, { service: new ImportsService(repository) });
  await app.register(statsRoutes, { service: new StatsService(db) });
  if (config.sandbox)
    await app.register(simulationRoutes, { service: new SimulationService(repository, sdi) });
};
