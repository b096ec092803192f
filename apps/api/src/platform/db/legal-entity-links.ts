import type { Column, SQL } from 'drizzle-orm';
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { UserRow } from '../../db/schema/index.ts';
import { users } from '../../db/schema/index.ts';
import type { Database } from './database.ts';

/*
 * The sub-accounts linked to the companies of an area that has a company table of its own
 * (Peppol legal entities, Polish legal entities, the areas to come): one link table per area,
 * each with the same two columns. A sub-account acts for the companies linked to it only, read in
 * SQL at each request, so an unlink takes effect at once.
 */

/** An area's link table: a legal entity's uuid and a sub-account's id. */
export type LegalEntityLinkTable = PgTable & { legalEntityUuid: PgColumn; subAccountId: PgColumn };

/** For a sub-account, the rows whose legal entity (`legalEntityColumn`) is linked to it. */
export function linkedToSubAccount(
  db: Database,
  links: LegalEntityLinkTable,
  legalEntityColumn: Column,
  subAccountId: string | null,
): SQL | undefined {
  if (subAccountId === null) return undefined;
  return exists(
    db
      .select({ one: sql`1` })
      .from(links)
      .where(
        and(eq(links.legalEntityUuid, legalEntityColumn), eq(links.subAccountId, subAccountId)),
      ),
  );
}

/** The sub-accounts linked to one legal entity, and linking or unlinking one. */
export class LegalEntityLinks<T extends LegalEntityLinkTable> {
  constructor(
    private readonly db: Database,
    private readonly links: T,
  ) {}

  async subAccountsOf(legalEntityUuid: string): Promise<UserRow[]> {
    const rows = await this.db
      .select({ user: users })
      .from(this.links as PgTable)
      .innerJoin(users, eq(users.id, this.links.subAccountId))
      .where(eq(this.links.legalEntityUuid, legalEntityUuid))
      .orderBy(asc(users.email));
    return rows.map((row) => row.user);
  }

  async link(legalEntityUuid: string, subAccountId: string): Promise<void> {
    await this.db
      .insert(this.links)
      .values({ legalEntityUuid, subAccountId } as T['$inferInsert'])
      .onConflictDoNothing();
  }

  async unlink(legalEntityUuid: string, subAccountId: string): Promise<boolean> {
    const rows = await this.db
      .delete(this.links)
      .where(
        and(
          eq(this.links.legalEntityUuid, legalEntityUuid),
          eq(this.links.subAccountId, subAccountId),
        ),
      )
      .returning({ uuid: this.links.legalEntityUuid });
    return rows.length > 0;
  }
}
