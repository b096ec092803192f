import type { SQL } from 'drizzle-orm';
import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { PeppolDocumentKind } from '@fiscus/contracts';
import type { NewPeppolDocumentRow, PeppolDocumentRow } from '../../../db/schema/index.ts';
import { peppolDocuments } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';
import {
  linkedToSubAccount,
  type PeppolScope,
} from '../legal-entities/legal-entities.repository.ts';

/*
 * Peppol documents, owned by the business of the legal entity that sent or received each; a
 * sub-account sees the documents of the legal entities linked to it (in SQL, read at each
 * request), as it sees those legal entities.
 */

export type PeppolMessageUpdate = Pick<
  PeppolDocumentRow,
  'requestSentAt' | 'responseReceivedAt' | 'success' | 'errorCode' | 'errorMessage'
>;

/** Documents of one kind (a list's extra condition). */
export const kindIs = (kind: PeppolDocumentKind): SQL => eq(peppolDocuments.kind, kind);

/** The Italian NSO ordering documents: their CustomizationID is one of AGID's. */
export const isNso = (): SQL =>
  like(peppolDocuments.customizationId, '%:urn:www.agid.gov.it:trns:%');

export class PeppolDocumentsRepository extends OwnedRepository<
  typeof peppolDocuments,
  PeppolScope
> {
  constructor(db: Database) {
    super(db, {
      table: peppolDocuments,
      owner: peppolDocuments.ownerId,
      id: peppolDocuments.uuid,
      collection: {
        filters: {
          direction: { kind: 'exact', column: peppolDocuments.direction },
          senderName: { kind: 'partial', column: peppolDocuments.senderName },
          recipientName: { kind: 'partial', column: peppolDocuments.recipientName },
          senderId: { kind: 'partial', column: peppolDocuments.senderId },
          recipientId: { kind: 'partial', column: peppolDocuments.recipientId },
          documentNumber: { kind: 'partial', column: peppolDocuments.number },
          downloaded: { kind: 'boolean', column: peppolDocuments.downloaded },
          createdAt: { kind: 'date', column: peppolDocuments.createdAt },
          documentDate: { kind: 'date', column: peppolDocuments.documentDate },
        },
        order: {
          createdAt: peppolDocuments.createdAt,
          documentDate: peppolDocuments.documentDate,
          senderName: peppolDocuments.senderName,
          recipientName: peppolDocuments.recipientName,
        },
        defaultOrder: [desc(peppolDocuments.createdAt), asc(peppolDocuments.uuid)],
      },
    });
  }

  protected override scoped(
    scope: PeppolScope,
    ...conditions: (SQL | undefined)[]
  ): SQL | undefined {
    return and(
      eq(peppolDocuments.ownerId, scope.ownerId),
      eq(peppolDocuments.domain, scope.domain),
      linkedToSubAccount(this.db, peppolDocuments.legalEntityUuid, scope.subAccountId),
      ...conditions,
    );
  }

  /** One document of a kind in the scope. */
  async findOfKind(
    scope: PeppolScope,
    kind: PeppolDocumentKind,
    uuid: string,
  ): Promise<PeppolDocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(peppolDocuments)
      .where(this.scoped(scope, eq(peppolDocuments.uuid, uuid), eq(peppolDocuments.kind, kind)))
      .limit(1);
    return row;
  }

  /** A document by id, whoever owns it: the delivery job's read (it holds only the id). */
  async byId(uuid: string, db: Database = this.db): Promise<PeppolDocumentRow | undefined> {
    const [row] = await db
      .select()
      .from(peppolDocuments)
      .where(eq(peppolDocuments.uuid, uuid))
      .limit(1);
    return row;
  }

  /** The outgoing document locked for its delivery (one delivery at a time). */
  async lockOutgoing(db: Database, uuid: string): Promise<PeppolDocumentRow | undefined> {
    const [row] = await db
      .select()
      .from(peppolDocuments)
      .where(and(eq(peppolDocuments.uuid, uuid), eq(peppolDocuments.direction, 'outgoing')))
      .for('update')
      .limit(1);
    return row;
  }

  async insertOutgoing(db: Database, values: NewPeppolDocumentRow): Promise<PeppolDocumentRow> {
    const [row] = await db.insert(peppolDocuments).values(values).returning();
    if (!row) throw new Error('The outgoing Peppol document was not stored');
    return row;
  }

  /** Inserts a received document; undefined when this message was delivered already. */
  async insertIncoming(
    db: Database,
    values: NewPeppolDocumentRow,
  ): Promise<PeppolDocumentRow | undefined> {
    const [row] = await db.insert(peppolDocuments).values(values).onConflictDoNothing().returning();
    return row;
  }

  async setMessage(db: Database, uuid: string, message: PeppolMessageUpdate): Promise<void> {
    await db.update(peppolDocuments).set(message).where(eq(peppolDocuments.uuid, uuid));
  }

  /**
   * The order a response or despatch advice refers to: the legal entity's order of that number
   * exchanged with the same counterpart (its other party), newest first.
   */
  async findOrder(
    db: Database,
    legalEntityUuid: string,
    number: string,
    counterpart: string | null,
  ): Promise<PeppolDocumentRow | undefined> {
    const [row] = await db
      .select()
      .from(peppolDocuments)
      .where(
        and(
          eq(peppolDocuments.legalEntityUuid, legalEntityUuid),
          eq(peppolDocuments.kind, 'order'),
          eq(peppolDocuments.number, number),
          counterpart === null
            ? undefined
            : sql`(lower(${peppolDocuments.senderId}) = lower(${counterpart}) or lower(${peppolDocuments.recipientId}) = lower(${counterpart}))`,
        ),
      )
      .orderBy(desc(peppolDocuments.createdAt))
      .limit(1);
    return row;
  }

  /** Documents by id (an order's linked order, for instance). */
  async byIds(uuids: string[]): Promise<PeppolDocumentRow[]> {
    if (uuids.length === 0) return [];
    return this.db.select().from(peppolDocuments).where(inArray(peppolDocuments.uuid, uuids));
  }

  /** The responses and despatch advices that refer to these orders, oldest first. */
  async responsesTo(orderUuids: string[]): Promise<PeppolDocumentRow[]> {
    if (orderUuids.length === 0) return [];
    return this.db
      .select()
      .from(peppolDocuments)
      .where(inArray(peppolDocuments.orderUuid, orderUuids))
      .orderBy(asc(peppolDocuments.createdAt));
  }

  /**
   * The scope's documents of each month of `year` in `timeZone`: sent, received, and sent ones
   * the network refused.
   */
  async monthlyCounts(
    scope: PeppolScope,
    year: number,
    timeZone: 'Europe/Rome' | 'Europe/Brussels',
  ): Promise<{ month: number; outgoing: number; incoming: number; failed: number }[]> {
    // A literal (one of two names), so the SELECT's month and the GROUP BY's are one expression.
    const local = sql`(${peppolDocuments.createdAt} at time zone ${sql.raw(`'${timeZone}'`)})`;
    const month = sql<number>`extract(month from ${local})::int`;
    const rows = await this.db
      .select({
        month,
        outgoing: sql<number>`count(*) filter (where ${peppolDocuments.direction} = 'outgoing')::int`,
        incoming: sql<number>`count(*) filter (where ${peppolDocuments.direction} = 'incoming')::int`,
        failed: sql<number>`count(*) filter (where ${peppolDocuments.direction} = 'outgoing' and ${peppolDocuments.success} = false)::int`,
      })
      .from(peppolDocuments)
      .where(this.scoped(scope, sql`extract(year from ${local})::int = ${year}`))
      .groupBy(month);
    return rows.map((row) => ({
      month: Number(row.month),
      outgoing: Number(row.outgoing),
      incoming: Number(row.incoming),
      failed: Number(row.failed),
    }));
  }

  /** Sets the downloaded flag of documents of a kind in the scope; answers how many. */
  async markDownloaded(
    scope: PeppolScope,
    kind: PeppolDocumentKind,
    uuids: string[],
    downloaded: boolean,
  ): Promise<number> {
    const rows = await this.db
      .update(peppolDocuments)
      .set({ downloaded })
      .where(
        this.scoped(scope, inArray(peppolDocuments.uuid, uuids), eq(peppolDocuments.kind, kind)),
      )
      .returning({ uuid: peppolDocuments.uuid });
    return rows.length;
  }
}
