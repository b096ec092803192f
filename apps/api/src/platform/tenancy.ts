import type { Column, SQL } from 'drizzle-orm';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { itBusinessRegistryConfigurations, itRegistrySubAccounts } from '../db/schema/index.ts';
import type { Actor } from './auth.ts';
import type { Database } from './db/database.ts';

/*
 * One tenancy rule: every tenant row stores the account that owns it, and every repository query
 * filters on that owner, so a foreign id finds nothing (→ 404). Which account owns a row is one
 * of two named scopes:
 *
 * - `businessOf(actor)`: the business the actor works for, the parent account of a sub-account,
 *   or the account itself. Invoices, drafts, imports, notifications, webhook configurations,
 *   business registries and preserved documents belong to the business.
 * - `loginOf(actor)`: the login itself. Purchased credit and its alert actions, the account's
 *   profile and settings, and the sub-accounts a manager created belong to the login: a
 *   sub-account has its own.
 *
 * Within the business, a third scope says what a login may act for: `actingScopeOf(actor)`. The
 * business owner and its managers act for every company (fiscal id) of the business; a
 * sub-account only for the companies (Italian business registry configurations) linked to it,
 * and for nothing when none is linked. Every query of a company's documents applies it in SQL
 * (`actsForCompany`), read at each request, so an unlinked registry is gone on the next call.
 *
 * A new resource uses `businessOf` (documents and configurations of a business are the rule);
 * `loginOf` only for what is personal to one login; and, when its rows belong to one company of
 * the business, `actingScopeOf` with the condition of its area (`actsForCompany` for the Italian
 * registries; the Peppol and KSeF legal entities and open-banking registries link theirs the same
 * way). Say which in the resource's repository.
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

/**
 * What a login may act for: the business's rows (`ownerId`), narrowed for a sub-account
 * (`subAccountId` set) to the companies linked to it. `subAccountId: null` is the whole business.
 */
export type ActingScope = { ownerId: string; subAccountId: string | null };

export function actingScopeOf(actor: Actor): ActingScope {
  return { ownerId: businessOf(actor), subAccountId: subAccountOf(actor) };
}

/** The whole business of an owner (background work, which acts for the business itself). */
export function wholeBusiness(ownerId: string): ActingScope {
  return { ownerId, subAccountId: null };
}

/** The uuids of the Italian registries linked to a sub-account, as a subquery. */
export function registriesOfSubAccount(db: Database, subAccountId: string) {
  return db
    .select({ uuid: itRegistrySubAccounts.registryUuid })
    .from(itRegistrySubAccounts)
    .where(eq(itRegistrySubAccounts.subAccountId, subAccountId));
}

/** The fiscal ids (codice fiscale or partita IVA without `IT`) a sub-account acts for, as a subquery. */
export function fiscalIdsOfSubAccount(db: Database, scope: ActingScope & { subAccountId: string }) {
  const registries = itBusinessRegistryConfigurations;
  return db
    .select({ fiscalId: registries.fiscalId })
    .from(registries)
    .where(
      and(
        eq(registries.ownerId, scope.ownerId),
        inArray(registries.uuid, registriesOfSubAccount(db, scope.subAccountId)),
      ),
    );
}

/**
 * The SQL condition "this row's company is one the scope acts for": its fiscal id column holds
 * a linked registry's fiscal id, or its VAT column (when given) that fiscal id with Italy's `IT`
 * prefix (a company's partita IVA). Undefined for the whole business: no narrowing.
 */
export function actsForCompany(
  db: Database,
  scope: ActingScope,
  fiscalIdColumn: Column,
  vatColumn?: Column,
): SQL | undefined {
  if (scope.subAccountId === null) return undefined;
  const fiscalIds = fiscalIdsOfSubAccount(db, { ...scope, subAccountId: scope.subAccountId });
  if (vatColumn === undefined) return inArray(fiscalIdColumn, fiscalIds);
  const registries = itBusinessRegistryConfigurations;
  const vats = db
    .select({ vat: sql<string>`'IT' || ${registries.fiscalId}`.as('vat') })
    .from(registries)
    .where(
      and(
        eq(registries.ownerId, scope.ownerId),
        inArray(registries.uuid, registriesOfSubAccount(db, scope.subAccountId)),
      ),
    );
  return or(inArray(fiscalIdColumn, fiscalIds), inArray(vatColumn, vats));
}

/**
 * Whether the scope may act for a company named by its codice fiscale or partita IVA (with or
 * without `IT`): always for the whole business, for a sub-account when a registry of that fiscal
 * id is linked to it. Creates refuse the others with a 403 naming the fiscal id.
 */
export async function mayActFor(
  db: Database,
  scope: ActingScope,
  vatOrFiscalId: string | null | undefined,
): Promise<boolean> {
  if (scope.subAccountId === null) return true;
  const fiscalId = companyFiscalId(vatOrFiscalId);
  if (fiscalId === '') return false;
  const registries = itBusinessRegistryConfigurations;
  const [row] = await db
    .select({ uuid: registries.uuid })
    .from(registries)
    .where(
      and(
        eq(registries.ownerId, scope.ownerId),
        eq(registries.fiscalId, fiscalId),
        inArray(registries.uuid, registriesOfSubAccount(db, scope.subAccountId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A company's fiscal id as registries store it: upper case, an Italian VAT without `IT`. */
export function companyFiscalId(vatOrFiscalId: string | null | undefined): string {
  return (vatOrFiscalId ?? '')
    .trim()
    .toUpperCase()
    .replace(/^IT(?=\d{11}$)/, '');
}
