import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../config.ts';
import { SandboxSistemaTsGateway } from '../../../gateways/sistema-ts/sandbox.ts';
import { databaseTsStore } from '../../../gateways/sistema-ts/sandbox-store.ts';
import type { SistemaTsGateway } from '../../../gateways/sistema-ts/sistema-ts-gateway.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { FileStore } from '../../../platform/files/file-store.ts';
import type { JobQueue, JobWorker } from '../../../platform/jobs/job-queue.ts';
import { ExpenseSender } from './expense-sending.ts';
import { ExpensesRepository } from './expenses.repository.ts';
import { ExpensesService } from './expenses.service.ts';

export type ItExpenses = { service: ExpensesService; gateway: SistemaTsGateway };

/**
 * Builds Sistema TS expenses once: the service, Sistema TS (the sandbox, processing a file after
 * SANDBOX_DELAY_MS) and the send and outcome jobs on the worker.
 */
export function composeExpenses(deps: {
  db: Database;
  config: AppConfig;
  jobs: JobQueue;
  worker: JobWorker;
  files: FileStore;
  logger: FastifyBaseLogger;
  clock?: () => Date;
}): ItExpenses {
  const repository = new ExpensesRepository(deps.db);
  const gateway = new SandboxSistemaTsGateway({
    store: databaseTsStore(deps.db),
    processingDelayMs: deps.config.sandboxDelayMs,
  });
  const clock = deps.clock ? { clock: deps.clock } : {};
  new ExpenseSender({
    repository,
    gateway,
    jobs: deps.jobs,
    files: deps.files,
    logger: deps.logger,
    delayMs: deps.config.sandboxDelayMs,
    ...clock,
  }).registerJobs(deps.worker);
  return {
    service: new ExpensesService({
      db: deps.db,
      repository,
      jobs: deps.jobs,
      files: deps.files,
      delayMs: deps.config.sandboxDelayMs,
      ...clock,
    }),
    gateway,
  };
}
