import type { Column, SQL } from 'drizzle-orm';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  PlAuthorizationFlowRow,
  PlLegalEntityRow,
  UserRow,
} from '../../../db/schema/index.ts';
import {
  plAuthorizationFlows,
  plLegalEntities,
  plLegalEntitySubAccounts,
} from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { LegalEntityLinks, linkedToSubAccount } from '../../../platform/db/legal-entity-links.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';
import type { ActingScope } from '../../../platform/tenancy.ts';

/*
 * Polish legal entities, owned by the business (`businessOf`); a legal entity is a company of its
 * own, so a sub-account acts for the ones linked to it only (`pl_legal_entity_sub_accounts`), in
 * SQL, read at each request. Every Polish row (invoices, webhooks) is scoped through its entity.
 */

/** For a sub-account, the Polish rows whose legal entity is linked to it. */
export const linkedPlEntity = (
  db: Database,
  legalEntityColumn: Column,
  subAccountId: string | null,
): SQL | undefined =>
  linkedToSubAccount(db, plLegalEntitySubAccounts, legalEntityColumn, subAccountId);

export type PlLegalEntityWithFlow = PlLegalEntityRow & { flow: PlAuthorizationFlowRow | null };

export class PlLegalEntitiesRepository extends OwnedRepository<
  typeof plLegalEntities,
  ActingScope,
  PlLegalEntityWithFlow
> {
  constructor(db: Database) {
    super(db, {
      table: plLegalEntities,
      owner: plLegalEntities.ownerId,
      id: plLegalEntities.uuid,
      updatedAt: plLegalEntities.updatedAt,
      collection: {
        filters: {
          nip: { kind: 'partial', column: plLegalEntities.nip },
          name: { kind: 'partial', column: plLegalEntities.name },
          status: { kind: 'exact', column: plLegalEntities.status },
        },
        order: {
          createdAt: plLegalEntities.createdAt,
          name: plLegalEntities.name,
          nip: plLegalEntities.nip,
        },
        defaultOrder: [desc(plLegalEntities.createdAt), asc(plLegalEntities.uuid)],
      },
    });
  }

  protected override scoped(scope: ActingScope, ...conditions: (SQL | undefined)[]) {
    return and(
      eq(plLegalEntities.ownerId, scope.ownerId),
      linkedPlEntity(this.db, plLegalEntities.uuid, scope.subAccountId),
      ...conditions,
    );
  }

  /** Each entity with its latest onboarding (the list's onboarding status). */
  protected override async withDetails(rows: PlLegalEntityRow[]): Promise<PlLegalEntityWithFlow[]> {
    if (rows.length === 0) return [];
    const flows = await this.db
      .selectDistinctOn([plAuthorizationFlows.legalEntityUuid])
      .from(plAuthorizationFlows)
      .where(
        inArray(
          plAuthorizationFlows.legalEntityUuid,
          rows.map((row) => row.uuid),
        ),
      )
      .orderBy(plAuthorizationFlows.legalEntityUuid, desc(plAuthorizationFlows.createdAt));
    const latest = new Map(flows.map((flow) => [flow.legalEntityUuid, flow]));
    return rows.map((row) => ({ ...row, flow: latest.get(row.uuid) ?? null }));
  }

  async nipTaken(ownerId: string, nip: string, except?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ uuid: plLegalEntities.uuid })
      .from(plLegalEntities)
      .where(
        and(
          eq(plLegalEntities.ownerId, ownerId),
          eq(plLegalEntities.nip, nip),
          except ? sql`${plLegalEntities.uuid} <> ${except}` : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The scope's legal entity of a NIP (the seller of an invoice sent). */
  async findByNip(scope: ActingScope, nip: string): Promise<PlLegalEntityRow | undefined> {
    const [row] = await this.db
      .select()
      .from(plLegalEntities)
      .where(this.scoped(scope, eq(plLegalEntities.nip, nip)))
      .limit(1);
    return row;
  }

  /** Any owner's active legal entities of a NIP with incoming invoices on (the buyer's side). */
  async activeReceivers(nip: string): Promise<PlLegalEntityRow[]> {
    return this.db
      .select()
      .from(plLegalEntities)
      .where(
        and(
          eq(plLegalEntities.nip, nip),
          eq(plLegalEntities.status, 200),
          eq(plLegalEntities.incomingInvoiceEnabled, true),
        ),
      )
      .orderBy(asc(plLegalEntities.createdAt));
  }

  /** Every active legal entity that reads its incoming invoices (the periodic sync). */
  async allActiveReceivers(): Promise<PlLegalEntityRow[]> {
    return this.db
      .select()
      .from(plLegalEntities)
      .where(and(eq(plLegalEntities.status, 200), eq(plLegalEntities.incomingInvoiceEnabled, true)))
      .orderBy(asc(plLegalEntities.lastSyncAt));
  }

  async byUuid(uuid: string): Promise<PlLegalEntityRow | undefined> {
    const [row] = await this.db
      .select()
      .from(plLegalEntities)
      .where(eq(plLegalEntities.uuid, uuid))
      .limit(1);
    return row;
  }

  async setFields(uuid: string, values: Partial<PlLegalEntityRow>): Promise<PlLegalEntityRow> {
    const [row] = await this.db
      .update(plLegalEntities)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(plLegalEntities.uuid, uuid))
      .returning();
    if (!row) throw new Error('The legal entity vanished');
    return row;
  }

  private readonly links = new LegalEntityLinks(this.db, plLegalEntitySubAccounts);

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
