import type { FastifyBaseLogger } from 'fastify';
import type { Platform } from '../../app.ts';
import type { AppConfig } from '../../config.ts';
import { SandboxSdiGateway } from '../../gateways/sdi/sandbox.ts';
import { PROVIDER_RETRY_POLICY } from '../../gateways/sdi/sdi-gateway.ts';
import { DraftsService } from './drafts/drafts.service.ts';
import { ImportsService } from './imports/imports.service.ts';
import { InvoiceExchangeService } from './invoices/invoice-exchange.service.ts';
import { InvoicesRepository } from './invoices/invoices.repository.ts';
import { InvoicesService } from './invoices/invoices.service.ts';
import { NotificationsRepository } from './invoices/notifications.repository.ts';
import { SdiDirectoryRepository } from './invoices/sdi-directory.repository.ts';
import {
  DEMO_MANAGED_COMPANIES,
  recipientAccountFinder,
} from './sdi-simulation/find-recipient-account.ts';
import { SimulationService } from './sdi-simulation/simulation.service.ts';
import { StatsService } from './stats/stats.service.ts';
import type { TaxPortal } from './tax-drawer/compose.ts';
import { composeTaxPortal } from './tax-drawer/compose.ts';
import type { ItInvoiceDownload } from './invoice-download/compose.ts';
import { composeInvoiceDownload } from './invoice-download/compose.ts';
import { composeTransfers } from './transfers/compose.ts';
import type { ItExpenses } from './expenses/compose.ts';
import { composeExpenses } from './expenses/compose.ts';
import type { ItReceipts } from './receipts/compose.ts';
import { composeReceipts } from './receipts/compose.ts';
import type { PreservationService } from './preservation/preservation.service.ts';
import type { TransfersService } from './transfers/transfers.service.ts';

export type ItInvoicing = {
  invoices: InvoicesService;
  drafts: DraftsService;
  imports: ImportsService;
  stats: StatsService;
  /** Invoice transfers: the transfer store's uploads and the gov-it list (one service, two mounts). */
  transfers: TransfersService;
  /** Sandbox instances only: scripted SDI outcomes and generated supplier invoices. */
  simulation: SimulationService | undefined;
  /** The tax portal (sandbox), the tax drawer's credentials and the rejected-invoice recovery. */
  taxPortal: TaxPortal;
  /** Massive imports from the tax portal's cassetto fiscale, and the jobs list. */
  invoiceDownload: ItInvoiceDownload;
  /** Smart receipts and the Agenzia's documento commerciale service (sandbox). */
  receipts: ItReceipts;
  /** Sistema TS health expenses and Sistema TS (sandbox). */
  expenses: ItExpenses;
};

/**
 * Builds the Italian invoicing services once: the SDI gateway (the sandbox) reads and reports
 * through the invoice-exchange service and reads SDI's registries through the directory; the
 * invoices service hands files to the gateway. Registers the gateway's jobs on the worker.
 */
export function composeItInvoicing(
  platform: Platform,
  config: AppConfig,
  logger: FastifyBaseLogger,
  /** The clock of smart receipts (the app's `clock` option: tests set it). */
  clock?: () => Date,
  /** Legal storage, which smart receipts go to every night. */
  preservation?: PreservationService,
): ItInvoicing {
  const { db } = platform.database;
  const findRecipientAccount = recipientAccountFinder(
    db,
    config.sandbox && config.seedDemo ? DEMO_MANAGED_COMPANIES : [],
  );
  const exchange = new InvoiceExchangeService({ db, jobs: platform.jobs, findRecipientAccount });
  const sdi = new SandboxSdiGateway({
    store: exchange,
    directory: new SdiDirectoryRepository(db, findRecipientAccount),
    jobs: platform.jobs,
    logger,
    delayMs: config.sandboxDelayMs,
    paTermsMs: config.sandboxPaTermsMs,
    // The provider's 14 tries with factor 1.6, on the sandbox's time scale (SANDBOX_DELAY_MS).
    retryPolicy: { ...PROVIDER_RETRY_POLICY, intervalMs: config.sandboxDelayMs },
  });
  sdi.registerJobs(platform.worker);

  const repository = new InvoicesRepository(db);
  const notifications = new NotificationsRepository(db);
  const invoices = new InvoicesService(db, repository, notifications, sdi);
  const taxPortal = composeTaxPortal(db, config);
  return {
    invoices,
    drafts: new DraftsService(repository, invoices),
    imports: new ImportsService(db),
    stats: new StatsService(db),
    transfers: composeTransfers({
      db,
      files: platform.files,
      jobs: platform.jobs,
      worker: platform.worker,
      logger,
      invoices,
    }),
    taxPortal,
    invoiceDownload: composeInvoiceDownload({
      db,
      jobs: platform.jobs,
      worker: platform.worker,
      logger,
      taxPortal: { gateway: taxPortal.portal, credentials: taxPortal.credentials },
    }),
    simulation: config.sandbox
      ? new SimulationService(repository, sdi, undefined, notifications)
      : undefined,
    receipts: composeReceipts({
      db,
      config,
      jobs: platform.jobs,
      worker: platform.worker,
      logger,
      mailer: platform.mailer,
      credentials: taxPortal.credentials,
      ...(clock ? { clock } : {}),
      ...(preservation ? { preservation } : {}),
    }),
    expenses: composeExpenses({
      db,
      config,
      jobs: platform.jobs,
      worker: platform.worker,
      files: platform.files,
      logger,
      ...(clock ? { clock } : {}),
    }),
  };
}
