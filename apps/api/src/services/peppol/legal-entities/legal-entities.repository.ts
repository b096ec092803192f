import type { Column, SQL } from 'drizzle-orm';
import { and, asc, desc, eq, exists, sql } from 'drizzle-orm';
import type { PeppolDomain } from '@fiscus/contracts';
import type { PeppolLegalEntityRow, UserRow } from '../../../db/schema/index.ts';
import {
  peppolLegalEntities,
  peppolLegalEntitySubAccounts,
  users,
} from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { escapeLike } from '../../../platform/db/collection-query.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';
import type { ActingScope } from '../../../platform/tenancy.ts';

/*
 * Peppol legal entities, owned by the business (`businessOf`) under one domain; a legal entity is a
 * company of its own, so a sub-account acts for the ones linked to it only
 * (`peppol_legal_entity_sub_accounts`), in SQL, read at each request.
 */

export type PeppolScope = ActingScope & { domain: PeppolDomain };

/**
 * For a sub-account, the rows whose legal entity (`legalEntityColumn`) is linked to it; nothing
 * to add for the business itself. Read at each request, so an unlink takes effect at once.
 */
export function linkedToSubAccount(
  db: Database,
  legalEntityColumn: Column,
  subAccountId: string | null,
): SQL | undefined {
  if (subAccountId === null) return undefined;
  return exists(
    db
      .select({ one: sql`1` })
      .from(peppolLegalEntitySubAccounts)
      .where(
        and(
          eq(peppolLegalEntitySubAccounts.legalEntityUuid, legalEntityColumn),
          eq(peppolLegalEntitySubAccounts.subAccountId, subAccountId),
        ),
      ),
  );
}

export class LegalEntitiesRepository extends OwnedRepository<
  typeof peppolLegalEntities,
  PeppolScope
> {
  constructor(db: Database) {
    super(db, {
      table: peppolLegalEntities,
      owner: peppolLegalEntities.ownerId,
      id: peppolLegalEntities.uuid,
      updatedAt: peppolLegalEntities.updatedAt,
      collection: {
        filters: {
          identifierValue: { kind: 'partial', column: peppolLegalEntities.identifierValue },
          registeredName: { kind: 'partial', column: peppolLegalEntities.registeredName },
        },
        order: {
          createdAt: peppolLegalEntities.createdAt,
          registeredName: peppolLegalEntities.registeredName,
          identifierScheme: peppolLegalEntities.identifierScheme,
          identifierValue: peppolLegalEntities.identifierValue,
        },
        defaultOrder: [desc(peppolLegalEntities.createdAt), asc(peppolLegalEntities.uuid)],
      },
    });
  }

  protected override scoped(
    scope: PeppolScope,
    ...conditions: (SQL | undefined)[]
  ): SQL | undefined {
    return and(
      eq(peppolLegalEntities.ownerId, scope.ownerId),
      eq(peppolLegalEntities.domain, scope.domain),
      linkedToSubAccount(this.db, peppolLegalEntities.uuid, scope.subAccountId),
      ...conditions,
    );
  }

  /** Whether a participant is registered by anyone on this instance (but `except`). */
  async participantTaken(scheme: string, value: string, except?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ uuid: peppolLegalEntities.uuid })
      .from(peppolLegalEntities)
      .where(
        and(
          eq(peppolLegalEntities.identifierScheme, scheme),
          sql`lower(${peppolLegalEntities.identifierValue}) = lower(${value})`,
          except ? sql`${peppolLegalEntities.uuid} <> ${except}` : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The scope's legal entity with this participant identifier (case-insensitive value). */
  async findByParticipant(
    scope: PeppolScope,
    scheme: string,
    value: string,
  ): Promise<PeppolLegalEntityRow | undefined> {
    const [row] = await this.db
      .select()
      .from(peppolLegalEntities)
      .where(
        this.scoped(
          scope,
          eq(peppolLegalEntities.identifierScheme, scheme),
          sql`lower(${peppolLegalEntities.identifierValue}) = lower(${value})`,
        ),
      )
      .limit(1);
    return row;
  }

  /** The legal entity registered on the SMP under a participant identifier, whoever owns it. */
  async findRegistered(scheme: string, value: string): Promise<PeppolLegalEntityRow | undefined> {
    const [row] = await this.db
      .select()
      .from(peppolLegalEntities)
      .where(
        and(
          eq(peppolLegalEntities.identifierScheme, scheme),
          sql`lower(${peppolLegalEntities.identifierValue}) = lower(${value})`,
          eq(peppolLegalEntities.smpEnabled, true),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * The participants registered on the SMP, whoever owns them (the sandbox SML and Directory),
   * optionally those whose name contains `name` or whose identifier is `participant`.
   */
  async registered(
    options: { name?: string; scheme?: string; value?: string; limit?: number } = {},
  ): Promise<PeppolLegalEntityRow[]> {
    return this.db
      .select()
      .from(peppolLegalEntities)
      .where(
        and(
          eq(peppolLegalEntities.smpEnabled, true),
          options.name
            ? sql`${peppolLegalEntities.registeredName} ilike ${`%${escapeLike(options.name)}%`}`
            : undefined,
          options.scheme ? eq(peppolLegalEntities.identifierScheme, options.scheme) : undefined,
          options.value
            ? sql`lower(${peppolLegalEntities.identifierValue}) = lower(${options.value})`
            : undefined,
        ),
      )
      .orderBy(asc(peppolLegalEntities.registeredName), asc(peppolLegalEntities.uuid))
      .limit(options.limit ?? 1000);
  }

  async subAccountsOf(legalEntityUuid: string): Promise<UserRow[]> {
    const rows = await this.db
      .select({ user: users })
      .from(peppolLegalEntitySubAccounts)
      .innerJoin(users, eq(users.id, peppolLegalEntitySubAccounts.subAccountId))
      .where(eq(peppolLegalEntitySubAccounts.legalEntityUuid, legalEntityUuid))
      .orderBy(asc(users.email));
    return rows.map((row) => row.user);
  }

  async link(legalEntityUuid: string, subAccountId: string): Promise<void> {
    await this.db
      .insert(peppolLegalEntitySubAccounts)
      .values({ legalEntityUuid, subAccountId })
      .onConflictDoNothing();
  }

  async unlink(legalEntityUuid: string, subAccountId: string): Promise<boolean> {
    const rows = await this.db
      .delete(peppolLegalEntitySubAccounts)
      .where(
        and(
          eq(peppolLegalEntitySubAccounts.legalEntityUuid, legalEntityUuid),
          eq(peppolLegalEntitySubAccounts.subAccountId, subAccountId),
        ),
      )
      .returning({ uuid: peppolLegalEntitySubAccounts.legalEntityUuid });
    return rows.length > 0;
  }
}
