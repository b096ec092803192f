import type { FastifyBaseLogger } from 'fastify';
import type {
  TaxPortalCredentialsReader,
  TaxPortalGateway,
} from '../../../gateways/tax-portal/tax-portal-gateway.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue, JobWorker } from '../../../platform/jobs/job-queue.ts';
import { ItJobsRepository } from '../jobs/jobs.repository.ts';
import { JobsService } from '../jobs/jobs.service.ts';
import { CassettoImporter } from './cassetto-import.ts';
import { DailyDownloadPlanner } from './daily-planner.ts';
import { INVOICE_DOWNLOAD_JOB, INVOICE_DOWNLOAD_PLAN_JOB } from './download-jobs.ts';
import { DownloadRunner } from './download-runner.ts';
import { InvoiceDownloadService } from './invoice-download.service.ts';

/** When the daily planner runs: 03:00 in Rome (the provider's downloads run at night). */
export const DAILY_PLAN_CRON = '0 3 * * *';

export type ItInvoiceDownload = {
  downloads: InvoiceDownloadService;
  jobs: JobsService;
  planner: DailyDownloadPlanner;
  runner: DownloadRunner;
  /** Puts the daily planner on its cron schedule (once per start; replaces the previous one). */
  scheduleDaily(): Promise<void>;
};

/**
 * Builds the invoice download (schedules, on-demand jobs, the daily planner, the run of a job
 * against the tax portal's cassetto fiscale) and the jobs list, and registers their jobs on the
 * worker. The tax portal gateway and the credentials reader are the tax drawer's.
 */
export function composeInvoiceDownload(deps: {
  db: Database;
  jobs: JobQueue;
  worker: JobWorker;
  logger: FastifyBaseLogger;
  /** The tax drawer's portal and credentials; without them every download ends in ERROR. */
  taxPortal?: { gateway: TaxPortalGateway; credentials: TaxPortalCredentialsReader };
}): ItInvoiceDownload {
  const { db, jobs, worker, logger } = deps;
  const jobRows = new ItJobsRepository(db);
  const runner = new DownloadRunner({
    jobs: jobRows,
    importer: new CassettoImporter(db, jobs),
    ...(deps.taxPortal ? { taxPortal: deps.taxPortal } : {}),
    logger,
  });
  const planner = new DailyDownloadPlanner(db, jobs, logger);
  worker.register(INVOICE_DOWNLOAD_JOB, (payload, job) => runner.handle(payload, job));
  worker.register(INVOICE_DOWNLOAD_PLAN_JOB, async () => {
    await planner.plan();
  });
  return {
    downloads: new InvoiceDownloadService(db, jobs),
    jobs: new JobsService(jobRows),
    planner,
    runner,
    scheduleDaily: () =>
      jobs.schedule(INVOICE_DOWNLOAD_PLAN_JOB, DAILY_PLAN_CRON, {}, { tz: 'Europe/Rome' }),
  };
}
