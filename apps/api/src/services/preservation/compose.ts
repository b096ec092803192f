import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { SandboxPreservationGateway } from '../../gateways/preservation/sandbox.ts';
import type { Database } from '../../platform/db/database.ts';
import type { JobQueue, JobWorker } from '../../platform/jobs/job-queue.ts';
import { publishWebhookEvent } from '../../platform/webhooks/events.ts';
import { PreservationRepository } from '../it/preservation/preservation.repository.ts';
import {
  PreservationService,
  toPreservedDocument,
} from '../it/preservation/preservation.service.ts';

export type PreservationDependencies = {
  db: Database;
  config: AppConfig;
  jobs: JobQueue;
  worker: JobWorker;
  logger: FastifyBaseLogger;
};

/**
 * Builds the preservation service (legal storage) once per app: its repository, the sandbox
 * gateway and its jobs. Both mount points (the invoice routes under /api/it, the documents under
 * /api/preservation) get the same service.
 */
export function composePreservation({
  db,
  config,
  jobs,
  worker,
  logger,
}: PreservationDependencies): PreservationService {
  const repository = new PreservationRepository(db);
  const gateway = new SandboxPreservationGateway({
    store: repository,
    jobs,
    logger,
    delayMs: config.sandboxDelayMs,
    onStored: async (document) => {
      await publishWebhookEvent(jobs, {
        ownerId: document.ownerId,
        event: 'legal-storage-receipt',
        payload: toPreservedDocument(document),
        fiscalIds: document.fiscalId ? [document.fiscalId] : [],
      });
    },
  });
  gateway.registerJobs(worker);
  return new PreservationService(repository, gateway, jobs);
}
