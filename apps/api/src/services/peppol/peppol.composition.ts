import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { JobQueue, JobWorker } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { WebhookDelivery } from '../../platform/webhooks/webhook-delivery.ts';
import { PeppolDocumentsRepository } from './documents/documents.repository.ts';
import { peppolDocumentsRoutes } from './documents/documents.routes.ts';
import { PeppolDocumentsService } from './documents/documents.service.ts';
import { PeppolDelivery } from './documents/peppol-delivery.ts';
import { receivedDocumentMails } from './documents/received-document-mail.ts';
import { UblEngine } from './engine/ubl-engine.ts';
import { composeLegalEntities, type PeppolLegalEntities } from './legal-entities/compose.ts';
import { LegalEntitiesRepository } from './legal-entities/legal-entities.repository.ts';
import { legalEntitiesRoutes } from './legal-entities/legal-entities.routes.ts';
import { sandboxSmpRoutes } from './smp/smp.routes.ts';
import {
  announcePeppolDocument,
  PeppolWebhooksService,
} from './webhooks/peppol-webhooks.service.ts';
import { peppolWebhooksRoutes } from './webhooks/peppol-webhooks.routes.ts';

type Domain<T> = { it: T; be: T };

export type Peppol = {
  legalEntities: PeppolLegalEntities;
  documents: Domain<PeppolDocumentsService>;
  webhooks: Domain<PeppolWebhooksService>;
  delivery: PeppolDelivery;
  /** The official rules' worker thread; closed with the app. */
  engine: UblEngine;
};

/**
 * Builds Peppol once: the legal entities and the sandbox SMP, the documents of each domain, the
 * sandbox network's delivery job on the worker (a document is delivered SANDBOX_DELAY_MS after
 * it is sent), and the webhooks, delivered by the Italian webhooks' machinery.
 */
export function composePeppol(deps: {
  db: Database;
  config: AppConfig;
  jobs: JobQueue;
  worker: JobWorker;
  webhookDelivery: WebhookDelivery;
  logger: FastifyBaseLogger;
  mailer: Mailer;
  clock?: () => Date;
}): Peppol {
  const legalEntities = composeLegalEntities(deps.db, deps.config.publicUrl);
  const engine = new UblEngine({
    onFallback: (error) =>
      deps.logger.warn({ err: error }, 'the UBL engine runs in the API thread: its worker failed'),
  });
  if (deps.config.peppolEnginePrestart) engine.start();
  const repository = new PeppolDocumentsRepository(deps.db);
  const clock = deps.clock ? { clock: deps.clock } : {};
  const delivery = new PeppolDelivery({
    db: deps.db,
    repository,
    directoryOf: (db) => new LegalEntitiesRepository(db),
    announce: (db, document, event) => announcePeppolDocument(deps.jobs, db, document, event),
    engine,
    notify: async (document, receiver) => {
      for (const mail of receivedDocumentMails(document, receiver, deps.config.publicUrl)) {
        await deps.mailer.send(mail);
      }
    },
    ...clock,
  });
  delivery.registerJobs(deps.worker);
  const documents = (domain: 'it' | 'be') =>
    new PeppolDocumentsService(
      {
        db: deps.db,
        repository,
        legalEntities: legalEntities.repository,
        jobs: deps.jobs,
        engine,
        delayMs: deps.config.sandboxDelayMs,
        ...clock,
      },
      domain,
    );
  const webhooks = (domain: 'it' | 'be') =>
    new PeppolWebhooksService(
      {
        db: deps.db,
        delivery: deps.webhookDelivery,
        allowPrivate: deps.config.webhookAllowPrivate,
      },
      domain,
    );
  return {
    legalEntities,
    documents: { it: documents('it'), be: documents('be') },
    webhooks: { it: webhooks('it'), be: webhooks('be') },
    delivery,
    engine,
  };
}

/** Mounted at `/api/peppol`: the Italian calls under `/it`, the Belgian ones under `/be`. */
export const peppolPlugin: FastifyPluginAsync<{ peppol: Peppol }> = async (app, { peppol }) => {
  app.addHook('onClose', () => peppol.engine.close());
  for (const domain of ['it', 'be'] as const) {
    await app.register(
      async (scoped) => {
        await scoped.register(legalEntitiesRoutes(`peppol-${domain}: legal entities`), {
          service: peppol.legalEntities[domain],
        });
        await scoped.register(peppolDocumentsRoutes(`peppol-${domain}: documents`), {
          service: peppol.documents[domain],
        });
        await scoped.register(peppolWebhooksRoutes(`peppol-${domain}: webhooks`), {
          service: peppol.webhooks[domain],
        });
      },
      { prefix: `/${domain}` },
    );
  }
  await app.register(sandboxSmpRoutes, { service: peppol.legalEntities.smp });
};
