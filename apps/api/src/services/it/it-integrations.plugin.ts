import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '../../app.ts';
import type { AppConfig } from '../../config.ts';
import { SandboxPreservationGateway } from '../../gateways/preservation/sandbox.ts';
import { publishWebhookEvent } from '../../platform/webhooks/events.ts';
import { signaturePublicKeyRoutes } from '../../platform/webhooks/signature-key.routes.ts';
import type { WebhookRetryPolicy } from '../../platform/webhooks/webhook-delivery.ts';
import {
  PROVIDER_WEBHOOK_RETRY_POLICY,
  WebhookDelivery,
} from '../../platform/webhooks/webhook-delivery.ts';
import { preservedDocumentsRoutes } from '../preservation/preserved-documents/preserved-documents.routes.ts';
import { ApiConfigurationsRepository } from './api-configurations/api-configurations.repository.ts';
import { apiConfigurationsRoutes } from './api-configurations/api-configurations.routes.ts';
import { ApiConfigurationsService } from './api-configurations/api-configurations.service.ts';
import { InvoiceNotifyService } from './api-configurations/invoice-notify.service.ts';
import { BusinessRegistryConfigurationsRepository } from './business-registry-configurations/business-registry-configurations.repository.ts';
import { registrySubAccountCreation } from './business-registry-configurations/registry-sub-account-creation.ts';
import { businessRegistryConfigurationsRoutes } from './business-registry-configurations/business-registry-configurations.routes.ts';
import { BusinessRegistryConfigurationsService } from './business-registry-configurations/business-registry-configurations.service.ts';
import { seedDemoRegistries } from './business-registry-configurations/seed-demo-registries.ts';
import { PreservationRepository } from './preservation/preservation.repository.ts';
import { invoicePreservationRoutes } from './preservation/preservation.routes.ts';
import { PreservationService, toPreservedDocument } from './preservation/preservation.service.ts';

type Integrations = { delivery: WebhookDelivery; preservation: PreservationService };

/**
 * One set of services per app, shared by the three mount points below (gov-it, common and
 * preservation prefixes are separate encapsulation contexts; `platform` is the same object).
 * Jobs are registered once, when the set is built.
 */
const integrationsByPlatform = new WeakMap<Platform, Integrations>();

function integrationsOf(
  platform: Platform,
  config: AppConfig,
  logger: Parameters<FastifyPluginAsync>[0]['log'],
): Integrations {
  const known = integrationsByPlatform.get(platform);
  if (known) return known;
  const { db } = platform.database;
  const retryPolicy: WebhookRetryPolicy = config.sandbox
    ? // The provider's 15 tries and factor 1.25 on the sandbox's time scale (SANDBOX_DELAY_MS).
      { ...PROVIDER_WEBHOOK_RETRY_POLICY, intervalMs: config.sandboxDelayMs }
    : PROVIDER_WEBHOOK_RETRY_POLICY;
  const delivery = new WebhookDelivery({
    db,
    jobs: platform.jobs,
    logger,
    allowPrivate: config.webhookAllowPrivate,
    retryPolicy,
    timeoutMs: config.webhookTimeoutMs,
  });
  delivery.registerJobs(platform.worker);

  const repository = new PreservationRepository(db);
  const gateway = new SandboxPreservationGateway({
    store: repository,
    jobs: platform.jobs,
    logger,
    delayMs: config.sandboxDelayMs,
    onStored: async (document) => {
      await publishWebhookEvent(platform.jobs, {
        ownerId: document.ownerId,
        event: 'legal-storage-receipt',
        payload: toPreservedDocument(document),
        fiscalIds: document.fiscalId ? [document.fiscalId] : [],
      });
    },
  });
  gateway.registerJobs(platform.worker);
  const integrations = {
    delivery,
    preservation: new PreservationService(repository, gateway, platform.jobs),
  };
  integrationsByPlatform.set(platform, integrations);
  return integrations;
}

/**
 * Webhooks (api-configurations, delivery log, replays, on-demand notify), business registry
 * configurations and invoice preservation. Mounted inside the `/api/it` prefix.
 */
export const itIntegrationsPlugin: FastifyPluginAsync<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const { db } = app.platform.database;
  const { delivery, preservation } = integrationsOf(app.platform, config, app.log);

  const apiConfigurations = new ApiConfigurationsRepository(db);
  await app.register(apiConfigurationsRoutes, {
    service: new ApiConfigurationsService(apiConfigurations, delivery, config.webhookAllowPrivate),
    notify: new InvoiceNotifyService(db, delivery),
  });
  await app.register(businessRegistryConfigurationsRoutes, {
    service: new BusinessRegistryConfigurationsService(
      new BusinessRegistryConfigurationsRepository(db),
      apiConfigurations,
      registrySubAccountCreation(db),
    ),
  });
  await app.register(invoicePreservationRoutes, { service: preservation });

  if (config.sandbox) await seedDemoRegistries(db);
};

/** `GET /signature-public-key`; mount inside the `/api/common` prefix. */
export const webhookSignatureKeyPlugin: FastifyPluginAsync<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const { delivery } = integrationsOf(app.platform, config, app.log);
  await app.register(signaturePublicKeyRoutes, { key: () => delivery.key() });
};

/** The preservation service's routes; mount inside the `/api/preservation` prefix. */
export const preservationServicePlugin: FastifyPluginAsync<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const { preservation } = integrationsOf(app.platform, config, app.log);
  await app.register(preservedDocumentsRoutes, { service: preservation });
};
