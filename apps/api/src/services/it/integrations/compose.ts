import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../config.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { JobQueue, JobWorker } from '../../../platform/jobs/job-queue.ts';
import type { WebhookRetryPolicy } from '../../../platform/webhooks/webhook-delivery.ts';
import {
  PROVIDER_WEBHOOK_RETRY_POLICY,
  WebhookDelivery,
} from '../../../platform/webhooks/webhook-delivery.ts';
import { ApiConfigurationsRepository } from '../api-configurations/api-configurations.repository.ts';
import { ApiConfigurationsService } from '../api-configurations/api-configurations.service.ts';
import { InvoiceNotifyService } from '../api-configurations/invoice-notify.service.ts';
import { BusinessRegistryConfigurationsRepository } from '../business-registry-configurations/business-registry-configurations.repository.ts';
import { BusinessRegistryConfigurationsService } from '../business-registry-configurations/business-registry-configurations.service.ts';
import { registrySubAccountCreation } from '../business-registry-configurations/registry-sub-account-creation.ts';

/** The Italian integrations' objects (webhooks, their delivery, business registries). */
export type ItIntegrations = {
  delivery: WebhookDelivery;
  apiConfigurations: ApiConfigurationsService;
  notify: InvoiceNotifyService;
  registries: BusinessRegistryConfigurationsService;
};

export type ItIntegrationsDependencies = {
  db: Database;
  config: AppConfig;
  jobs: JobQueue;
  worker: JobWorker;
  logger: FastifyBaseLogger;
};

/**
 * Builds webhooks (configurations, delivery with its jobs, on-demand notify) and business
 * registry configurations once per app; `itIntegrationsRoutes` only mounts them.
 */
export function composeItIntegrations({
  db,
  config,
  jobs,
  worker,
  logger,
}: ItIntegrationsDependencies): ItIntegrations {
  const retryPolicy: WebhookRetryPolicy = config.sandbox
    ? // The provider's 15 tries and factor 1.25 on the sandbox's time scale (SANDBOX_DELAY_MS).
      { ...PROVIDER_WEBHOOK_RETRY_POLICY, intervalMs: config.sandboxDelayMs }
    : PROVIDER_WEBHOOK_RETRY_POLICY;
  const delivery = new WebhookDelivery({
    db,
    jobs,
    logger,
    allowPrivate: config.webhookAllowPrivate,
    retryPolicy,
    timeoutMs: config.webhookTimeoutMs,
  });
  delivery.registerJobs(worker);

  const configurations = new ApiConfigurationsRepository(db);
  return {
    delivery,
    apiConfigurations: new ApiConfigurationsService(
      configurations,
      delivery,
      config.webhookAllowPrivate,
    ),
    notify: new InvoiceNotifyService(db, delivery),
    registries: new BusinessRegistryConfigurationsService(
      new BusinessRegistryConfigurationsRepository(db),
      configurations,
      registrySubAccountCreation(db),
    ),
  };
}
