import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../platform/db/database.ts';
import type { FileStore } from '../../../platform/files/file-store.ts';
import type { JobQueue, JobWorker } from '../../../platform/jobs/job-queue.ts';
import type { InvoicesService } from '../invoices/invoices.service.ts';
import { TransferProcessing } from './transfer-processing.ts';
import { TransfersService } from './transfers.service.ts';

export type TransfersDependencies = {
  db: Database;
  files: FileStore;
  jobs: JobQueue;
  worker: JobWorker;
  logger: FastifyBaseLogger;
  /** The invoices service that sends a valid transfer's invoice (the app's one). */
  invoices: InvoicesService;
};

/**
 * Builds invoice transfers once per app: the service both mount points share (the transfer
 * store under /api/transfer, the list under /api/it) and the processing job on the worker.
 */
export function composeTransfers({
  db,
  files,
  jobs,
  worker,
  logger,
  invoices,
}: TransfersDependencies): TransfersService {
  new TransferProcessing({ db, files, invoices, logger }).registerJobs(worker);
  return new TransfersService({ db, files, jobs });
}
