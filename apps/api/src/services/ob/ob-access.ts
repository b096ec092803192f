import { and, eq, type SQL } from 'drizzle-orm';
import { obBusinessRegistries } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { forbidden } from '../../platform/problem-errors.ts';
import { hasAnyRole } from '../../platform/roles.ts';
import { actingScopeOf } from '../../platform/tenancy.ts';

/** Open banking needs a role in its context (spec 6: roles are checked per context, `ob`). */
export function assertOpenBankingUser(actor: Actor): void {
  if (!hasAnyRole(actor.roles, 'ob'))
    throw forbidden('Open banking needs a role in the open-banking context.');
}

/**
 * The registries an actor works on, in SQL: the business's, and for a sub-account only those made
 * for it (provider 7: a registry names its `subAccountId`).
 */
export function registriesInScope(actor: Actor): SQL {
  const scope = actingScopeOf(actor);
  const owned = eq(obBusinessRegistries.ownerId, scope.ownerId);
  return scope.subAccountId
    ? and(owned, eq(obBusinessRegistries.subAccountId, scope.subAccountId))!
    : owned;
}
