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
import { ReceiptsRepository } from './receipts.repository.ts';
import { ReceiptsService } from './receipts.service.ts';

export type ItReceipts = {
  service: ReceiptsService;
  sender: ReceiptSender;
  gateway: AdeReceiptsGateway;
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
  };
}
