import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../platform/db/database.ts';
import type { JobQueue, JobWorker } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { WebhookDelivery } from '../../platform/webhooks/webhook-delivery.ts';
import type { KsefGateway } from '../../gateways/ksef/ksef-gateway.ts';
import { SubAccountsRepository } from '../common/sub-accounts/sub-accounts.repository.ts';
import { plDemoRoutes } from './demo/pl-demo.routes.ts';
import { PlDemoService } from './demo/pl-demo.service.ts';
import { plInvoicesRoutes, plPublicInvoicesRoutes } from './invoices/invoices.routes.ts';
import { PlInvoicesRepository } from './invoices/invoices.repository.ts';
import { PlInvoicesService } from './invoices/invoices.service.ts';
import { KsefExchange } from './invoices/ksef-exchange.ts';
import { PlPublicAccess } from './invoices/public-access.ts';
import { PlLegalEntitiesRepository } from './legal-entities/legal-entities.repository.ts';
import { plLegalEntitiesRoutes } from './legal-entities/legal-entities.routes.ts';
import { PlLegalEntitiesService } from './legal-entities/legal-entities.service.ts';
import { plOnboardingRoutes } from './onboarding/onboarding.routes.ts';
import { PlOnboardingService } from './onboarding/onboarding.service.ts';
import { plWebhooksRoutes } from './webhooks/pl-webhooks.routes.ts';
import { PlWebhooksService } from './webhooks/pl-webhooks.service.ts';

export type Poland = {
  legalEntities: PlLegalEntitiesService;
  onboarding: PlOnboardingService;
  invoices: PlInvoicesService;
  access: PlPublicAccess;
  exchange: KsefExchange;
  webhooks: PlWebhooksService;
  demo: PlDemoService;
  ksef: KsefGateway;
};

/**
 * Builds Poland once: legal entities and their onboarding, invoices and their exchange with KSeF
 * (jobs on the worker: send, follow to the KSeF number and UPO, read incoming invoices every five
 * minutes), public access codes, webhooks (delivered by the Italian webhooks' machinery), the
 * demo. `ksef` is the KSeF this instance talks to: the sandbox KSeF of `gateways/ksef`.
 */
export function composePoland(deps: {
  db: Database;
  config: AppConfig;
  jobs: JobQueue;
  worker: JobWorker;
  webhookDelivery: WebhookDelivery;
  mailer: Mailer;
  ksef: KsefGateway;
  clock?: () => Date;
}): Poland {
  const clock = deps.clock ? { clock: deps.clock } : {};
  const { db, config, jobs, ksef } = deps;
  const entitiesRepository = new PlLegalEntitiesRepository(db);
  const legalEntities = new PlLegalEntitiesService({
    db,
    repository: entitiesRepository,
    subAccountsOfManager: new SubAccountsRepository(db),
    ksef,
    jobs,
    sandbox: config.sandbox,
    ...clock,
  });
  const onboarding = new PlOnboardingService({
    db,
    legalEntities,
    repository: entitiesRepository,
    ksef,
    publicUrl: config.publicUrl,
    sandbox: config.sandbox,
    ...clock,
  });
  const exchange = new KsefExchange({
    db,
    jobs,
    ksef,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    numberDelayMs: config.ksef.numberDelayMs,
    upoDelayMs: config.ksef.upoDelayMs,
    offlineCutoff: config.ksef.offlineCutoff,
    ...clock,
  });
  exchange.registerJobs(deps.worker);
  const repository = new PlInvoicesRepository(db);
  const invoices = new PlInvoicesService({
    db,
    repository,
    exchange,
    ksef,
    publicUrl: config.publicUrl,
    ...clock,
  });
  const access = new PlPublicAccess({
    db,
    repository,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    ...clock,
  });
  const webhooks = new PlWebhooksService({
    db,
    delivery: deps.webhookDelivery,
    allowPrivate: config.webhookAllowPrivate,
  });
  const demo = new PlDemoService({
    db,
    invoices,
    legalEntities: entitiesRepository,
    ksef,
    jobs,
    info: {
      environment: config.sandbox ? 'sandbox' : 'production',
      ksefEnvironment: ksef.environment,
      ksefApiUrl: ksef.apiUrl,
      numberDelaySeconds: config.ksef.numberDelayMs / 1000,
      upoDelaySeconds: config.ksef.upoDelayMs / 1000,
      offlineCutoff: config.ksef.offlineCutoff,
      logoUrl: null,
    },
    ...clock,
  });
  return { legalEntities, onboarding, invoices, access, exchange, webhooks, demo, ksef };
}

/** Mounted at `/api/pl`: the calls behind a login, and the public onboarding and invoice ones. */
export const polandPlugin: FastifyPluginAsync<{ poland: Poland }> = async (app, { poland }) => {
  // Every active legal entity reads its incoming invoices every five minutes.
  await poland.exchange.scheduleSync();
  await app.register(plLegalEntitiesRoutes, {
    service: poland.legalEntities,
    onboarding: poland.onboarding,
  });
  await app.register(plInvoicesRoutes, { service: poland.invoices });
  await app.register(plWebhooksRoutes, { service: poland.webhooks });
  await app.register(plDemoRoutes, { service: poland.demo });
  await app.register(plOnboardingRoutes, { service: poland.onboarding });
  await app.register(plPublicInvoicesRoutes, { service: poland.invoices, access: poland.access });
};
