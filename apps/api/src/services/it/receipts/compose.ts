import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../config.ts';
import type { AdeReceiptsGateway } from '../../../gateways/ade-receipts/ade-receipts-gateway.ts';
import { SandboxAdeReceiptsGateway } from '../../../gateways/ade-receipts/sandbox.ts';
import { databaseCounter } from '../../../gateways/ade-receipts/sandbox-counter.ts';
import type { TaxPortalCredentialsReader } from '../../../gateways/tax-portal/tax-portal-gateway.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue, JobWorker } from '../../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { RECEIPT_SEND_JOB, ReceiptSender } from './receipt-sending.ts';
import {
  RECEIPTS_PRESERVATION_CRON,
  RECEIPTS_PRESERVATION_JOB,
  ReceiptsPreservation,
} from './receipt-preservation.ts';
import { InvoicesPreservation } from '../preservation/invoice-preservation-batch.ts';
import { PreservationVerification } from '../preservation/preservation-verify.ts';
import type { PreservationService } from '../preservation/preservation.service.ts';
import { ReceiptsRepository } from './receipts.repository.ts';
import { ReceiptsService } from './receipts.service.ts';

export type ItReceipts = {
  service: ReceiptsService;
  sender: ReceiptSender;
  gateway: AdeReceiptsGateway;
  /** The nightly batch to legal storage (none without the preservation service). */
  preservation: ReceiptsPreservation | undefined;
  /** Puts the nightly preservation batch on its cron schedule (once per start). */
  scheduleDaily(): Promise<void>;
};

/**
 * Builds smart receipts once: the service, the Agenzia's documento commerciale service (the
 * sandbox) and the send job on the worker. The credentials are the tax drawer's.
 */
export function composeReceipts(deps: {
  db: Database;
  config: AppConfig;
  jobs: JobQueue;
  worker: JobWorker;
  logger: FastifyBaseLogger;
  mailer: Mailer;
  credentials: TaxPortalCredentialsReader;
  /** Legal storage: receipts of registries that apply it are preserved every night. */
  preservation?: PreservationService;
  clock?: () => Date;
}): ItReceipts {
  const repository = new ReceiptsRepository(deps.db);
  const gateway = new SandboxAdeReceiptsGateway({ counter: databaseCounter(deps.db) });
  const sender = new ReceiptSender({
    repository,
    gateway,
    credentials: deps.credentials,
    jobs: deps.jobs,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  deps.worker.register(RECEIPT_SEND_JOB, (payload, job) => sender.handle(payload, job));
  const preservation = deps.preservation
    ? new ReceiptsPreservation(deps.db, repository, deps.preservation)
    : undefined;
  if (preservation && deps.preservation) {
    // One night's batch to legal storage: the invoices, the receipts, then what is stored is
    // verified against its receipt.
    const invoices = new InvoicesPreservation(deps.db, deps.preservation);
    const verification = new PreservationVerification(deps.db, deps.logger);
    deps.worker.register(RECEIPTS_PRESERVATION_JOB, async () => {
      const now = deps.clock?.() ?? new Date();
      await invoices.run(now);
      await preservation.run(now);
      await verification.run(now);
    });
  }
  return {
    service: new ReceiptsService({
      db: deps.db,
      repository,
      jobs: deps.jobs,
      retryDelayMs: deps.config.sandboxDelayMs,
      ...(deps.clock ? { clock: deps.clock } : {}),
    }),
    sender,
    gateway,
    preservation,
    scheduleDaily: async () => {
      if (!preservation) return;
      await deps.jobs.schedule(
        RECEIPTS_PRESERVATION_JOB,
        RECEIPTS_PRESERVATION_CRON,
        {},
        { tz: 'Europe/Rome' },
      );
    },
  };
}
