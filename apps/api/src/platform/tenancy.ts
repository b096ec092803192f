import type { Column, SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { Actor } from './auth.ts';

/**
 * The account that owns what the actor creates and reads. Every tenant row stores it, and every
 * repository query filters on it, so a foreign id simply finds nothing (→ 404).
 */
export function ownerIdOf(actor: Actor): string {
  return actor.user.id;
}

/** WHERE clause restricting a tenant table to the actor's own rows. */
export function ownedBy(ownerColumn: Column, actor: Actor): SQL {
  return eq(ownerColumn, ownerIdOf(actor));
}

export function isSubAccount(actor: Actor): boolean {
  return actor.user.parentId !== null;
}
