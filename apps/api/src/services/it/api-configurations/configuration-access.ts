import type { Actor } from '../../../platform/auth.ts';
import { forbidden } from '../../../platform/problem-errors.ts';
import { hasRole } from '../../../platform/roles.ts';

export const ROLE_CONFIG = 'ROLE_CONFIG';
export const ROLE_CONFIG_BRC = 'ROLE_CONFIG_BRC';

/**
 * The account whose configurations the actor works on. Webhooks and registries belong to the
 * business, like its invoices, so a sub-account works on its manager's (within its links).
 */
export function configurationOwnerOf(actor: Actor): string {
  return actor.user.parentId ?? actor.user.id;
}

/** Webhook (integration) configuration needs ROLE_CONFIG in `it` (account spec 6). */
export function assertCanConfigureWebhooks(actor: Actor): void {
  if (!hasRole(actor.roles, 'it', ROLE_CONFIG)) {
    throw forbidden('Integration configurations need ROLE_CONFIG.');
  }
}
