import type { Column, SQL } from 'drizzle-orm';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PeppolDomain } from '@fiscus/contracts';
import type { PeppolLegalEntityRow, UserRow } from '../../../db/schema/index.ts';
import { peppolLegalEntities, peppolLegalEntitySubAccounts } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { escapeLike } from '../../../platform/db/collection-query.ts';
import {
  LegalEntityLinks,
  linkedToSubAccount as linkedToAnySubAccount,
} from '../../../platform/db/legal-entity-links.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';
import type { ActingScope } from '../../../platform/tenancy.ts';

/*
 * Peppol legal entities, owned by the business (`businessOf`) under one domain; a legal entity is a
 * company of its own, so a sub-account acts for the ones linked to it only
 * (`peppol_legal_entity_sub_accounts`), in SQL, read at each request.
 */

export type PeppolScope = ActingScope & { domain: PeppolDomain };

/** For a sub-account, the Peppol rows whose legal entity is linked to it. */
export const linkedToSubAccount = (
  db: Database,
  legalEntityColumn: Column,
  subAccountId: string | null,
): SQL | undefined =>
  linkedToAnySubAccount(db, peppolLegalEntitySubAccounts, legalEntityColumn, subAccountId);

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

  private readonly links = new LegalEntityLinks(this.db, peppolLegalEntitySubAccounts);

  subAccountsOf(legalEntityUuid: string): Promise<UserRow[]> {
    return this.links.subAccountsOf(legalEntityUuid);
  }

  link(legalEntityUuid: string, subAccountId: string): Promise<void> {
    return this.links.link(legalEntityUuid, subAccountId);
  }

  unlink(legalEntityUuid: string, subAccountId: string): Promise<boolean> {
    return this.links.unlink(legalEntityUuid, subAccountId);
  }
}
