import type { FastifyInstance } from 'fastify';
import { apiConfigurationsRoutes } from './api-configurations/api-configurations.routes.ts';
import { businessRegistryConfigurationsRoutes } from './business-registry-configurations/business-registry-configurations.routes.ts';
import type { ItIntegrations } from './integrations/compose.ts';
import type { PreservationService } from './preservation/preservation.service.ts';
import { invoicePreservationRoutes } from './preservation/preservation.routes.ts';

/**
 * Webhooks (api-configurations, delivery log, replays, on-demand notify), business registry
 * configurations and invoice preservation, mounted inside the `/api/it` prefix. The objects are
 * built by `composeItIntegrations` and `composePreservation`; this only mounts them.
 */
export async function itIntegrationsPlugin(
  app: FastifyInstance,
  {
    integrations,
    preservation,
  }: { integrations: ItIntegrations; preservation: PreservationService },
): Promise<void> {
  await app.register(apiConfigurationsRoutes, {
    service: integrations.apiConfigurations,
    notify: integrations.notify,
  });
  await app.register(businessRegistryConfigurationsRoutes, { service: integrations.registries });
  await app.register(invoicePreservationRoutes, { service: preservation });
}
