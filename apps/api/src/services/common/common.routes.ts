import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { WebhookSigningKey } from '../../platform/webhooks/signing-key.ts';
import { signaturePublicKeyRoutes } from '../../platform/webhooks/signature-key.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import type { CommonServices } from './compose.ts';
import { preSaleActionsRoutes } from './pre-sale-actions/pre-sale-actions.routes.ts';
import { preSalesRoutes } from './pre-sales/pre-sales.routes.ts';
import { subAccountsRoutes } from './sub-accounts/sub-accounts.routes.ts';
import { usersRoutes } from './users/users.routes.ts';

/** Mounts the common service's routes (under `/api/common`); nothing is built here. */
export async function commonRoutes(
  app: FastifyInstance,
  {
    services,
    config,
    webhookSigningKey,
  }: {
    services: CommonServices;
    config: AppConfig;
    webhookSigningKey: () => Promise<WebhookSigningKey>;
  },
): Promise<void> {
  await app.register(authRoutes, {
    service: services.auth,
    loginRateLimit: config.loginRateLimit,
    resetRateLimit: config.resetRateLimit,
  });
  await app.register(usersRoutes, { service: services.users });
  await app.register(subAccountsRoutes, { service: services.subAccounts });
  await app.register(preSalesRoutes, { service: services.preSales });
  await app.register(preSaleActionsRoutes, { service: services.preSaleActions });
  await app.register(signaturePublicKeyRoutes, { key: webhookSigningKey });
}
