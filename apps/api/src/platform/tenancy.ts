import type { Actor } from './auth.ts';

/*
 * One tenancy rule: every tenant row stores the account that owns it, and every repository query
 * filters on that owner, so a foreign id finds nothing (→ 404). Which account owns a row is one
 * of two named scopes:
 *
 * - `businessOf(actor)`: the business the actor works for, the parent account of a sub-account,
 *   or the account itself. Invoices, drafts, imports, notifications, webhook configurations,
 *   business registries and preserved documents belong to the business: a sub-account sees and
 *   sends what its manager does (within the registries linked to it, see `subAccountOf`).
 * - `loginOf(actor)`: the login itself. Purchased credit and its alert actions, the account's
 *   profile and settings, and the sub-accounts a manager created belong to the login: a
 *   sub-account has its own.
 *
 * A new resource uses `businessOf` (documents and configurations of a business are the rule);
 * `loginOf` only for what is personal to one login. Say which in the resource's repository.
 */

/** The business the actor works for: the manager of a sub-account, otherwise the actor itself. */
export function businessOf(actor: Actor): string {
  return actor.user.parentId ?? actor.user.id;
}

/** The login itself: the signed-in (or impersonated) account, sub-account or not. */
export function loginOf(actor: Actor): string {
  return actor.user.id;
}

/** The sub-account's own id when the actor is one (it narrows the business's rows), else null. */
export function subAccountOf(actor: Actor): string | null {
  return isSubAccount(actor) ? actor.user.id : null;
}

export function isSubAccount(actor: Actor): boolean {
  return actor.user.parentId !== null;
}
