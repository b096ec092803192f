import type { Actor } from '../../../platform/auth.ts';
import { forbidden } from '../../../platform/problem-errors.ts';
import { hasRole } from '../../../platform/roles.ts';
import { businessOf, subAccountOf } from '../../../platform/tenancy.ts';

export const ROLE_CONFIG = 'ROLE_CONFIG';
export const ROLE_CONFIG_BRC = 'ROLE_CONFIG_BRC';

/**
 * The account whose configurations the actor works on. Webhooks and registries belong to the
 * business (`businessOf` in platform/tenancy.ts), like its invoices, so a sub-account works on
 * its manager's (within its links).
 */
export const configurationOwnerOf = businessOf;

/**
 * Which webhook configurations the actor sees and changes: every one of the owning account, or
 * for a sub-account only those restricted to business registries linked to it (ARCHITECTURE:
 * "sub-accounts: only the business registries linked to them").
 */
export type ConfigurationScope = { ownerId: string; subAccountId: string | null };

export function configurationScopeOf(actor: Actor): ConfigurationScope {
  return {
    ownerId: businessOf(actor),
    subAccountId: subAccountOf(actor),
  };
}

/** Webhook (integration) configuration needs ROLE_CONFIG in `it` (account spec 6). */
export function assertCanConfigureWebhooks(actor: Actor): void {
  if (!hasRole(actor.roles, 'it', ROLE_CONFIG)) {
    throw forbidden('Integration configurations need ROLE_CONFIG.');
  }
}
