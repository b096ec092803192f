import type { ItJobRow } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { ItJobsRepository } from '../jobs/jobs.repository.ts';

/**
 * Starting an invoice download: the job row the API shows (READY) and the background run that
 * names it commit in one transaction, so a job is never listed without a run, nor run unlisted.
 */

/** The pg-boss job type that runs one download (payload `{ job: <it_jobs uuid> }`). */
export const INVOICE_DOWNLOAD_JOB = 'it.invoice-download.run';

/** The daily planner's pg-boss job type (on a cron schedule). */
export const INVOICE_DOWNLOAD_PLAN_JOB = 'it.invoice-download.plan';

/** A run that finds the tax portal unreachable is tried again (5 attempts, backing off). */
const RUN_ATTEMPTS = 5;
const RUN_BACKOFF_MS = 60_000;
/** A year of invoices parsed and stored one by one can take a while. */
const RUN_TIMEOUT_MS = 30 * 60 * 1000;

export type DownloadJobRequest = {
  ownerId: string;
  fiscalId: string;
  /** Europe/Rome days, both included. */
  from: string;
  to: string;
  /** For a daily run, the Rome day it is the run of: at most one per fiscal id and day. */
  dailyOf?: string;
  at: Date;
};

/**
 * Runs a failed job again: it goes back to READY and a new run naming it is enqueued, in one
 * transaction. Resolves with the row, or undefined when the job was not in ERROR.
 */
export async function rerunDownloadJob(
  db: Database,
  jobs: JobQueue,
  uuid: string,
  at: Date,
): Promise<ItJobRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await new ItJobsRepository(tx).requeue(uuid, at);
    if (!row) return undefined;
    await jobs.enqueue(
      INVOICE_DOWNLOAD_JOB,
      { job: row.uuid },
      { db: tx, maxAttempts: RUN_ATTEMPTS, backoffMs: RUN_BACKOFF_MS, timeoutMs: RUN_TIMEOUT_MS },
    );
    return row;
  });
}

/**
 * Stores the job and enqueues its run; resolves with the row, or undefined when the day's
 * daily run of that fiscal id exists already.
 */
export async function startDownloadJob(
  db: Database,
  jobs: JobQueue,
  request: DownloadJobRequest,
): Promise<ItJobRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await new ItJobsRepository(tx).insertOnce({
      ownerId: request.ownerId,
      type: 'invoice_download',
      status: 'READY',
      fiscalId: request.fiscalId,
      parameters: {
        from: request.from,
        to: request.to,
        daily: request.dailyOf !== undefined,
        invoice_type: 'supplier',
      },
      dailyOf: request.dailyOf ?? null,
      createdAt: request.at,
      scheduleAt: request.at,
      updatedAt: request.at,
    });
    if (!row) return undefined;
    await jobs.enqueue(
      INVOICE_DOWNLOAD_JOB,
      { job: row.uuid },
      {
        db: tx,
        maxAttempts: RUN_ATTEMPTS,
        backoffMs: RUN_BACKOFF_MS,
        timeoutMs: RUN_TIMEOUT_MS,
        ...(request.dailyOf === undefined
          ? {}
          : { singletonKey: `${request.ownerId}:${request.fiscalId}:${request.dailyOf}` }),
      },
    );
    return row;
  });
}
