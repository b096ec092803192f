import { and, count, eq, sql } from 'drizzle-orm';
import type {
  ItInvoiceRow,
  PreservationStatus,
  PreservedDocumentRow,
} from '../../../db/schema/index.ts';
import { itInvoices, preservedDocuments } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { CollectionQuery } from '../../../platform/hydra.ts';
import type { PreservationStore } from '../../../gateways/preservation/preservation-gateway.ts';

/** SQL of preserved documents (and the read of invoices they come from). */
export class PreservationRepository implements PreservationStore {
  constructor(private readonly db: Database) {}

  async findInvoice(ownerId: string, uuid: string): Promise<ItInvoiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(itInvoices)
      .where(and(eq(itInvoices.ownerId, ownerId), eq(itInvoices.uuid, uuid)));
    return row;
  }

  async find(uuid: string): Promise<PreservedDocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(preservedDocuments)
      .where(eq(preservedDocuments.uuid, uuid));
    return row;
  }

  async findOwned(
    ownerId: string,
    documentType: string,
    uuid: string,
  ): Promise<PreservedDocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(preservedDocuments)
      .where(
        and(
          eq(preservedDocuments.ownerId, ownerId),
          eq(preservedDocuments.documentType, documentType),
          eq(preservedDocuments.uuid, uuid),
        ),
      );
    return row;
  }

  async findBySource(
    ownerId: string,
    sourceUuid: string,
  ): Promise<PreservedDocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(preservedDocuments)
      .where(
        and(eq(preservedDocuments.ownerId, ownerId), eq(preservedDocuments.sourceUuid, sourceUuid)),
      );
    return row;
  }

  /** Stores a new `to_be_stored` document; undefined when that source is already preserved. */
  async insert(values: {
    ownerId: string;
    documentType: string;
    sourceUuid: string;
    fiscalId: string | null;
    originalFilename: string;
    originalDocument: string;
    weight: number;
    at: Date;
  }): Promise<PreservedDocumentRow | undefined> {
    const { at, ...columns } = values;
    const [row] = await this.db
      .insert(preservedDocuments)
      .values({
        ...columns,
        status: 'to_be_stored',
        statusHistory: [{ status: 'to_be_stored', date: at.toISOString() }],
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  /** Moves a document one step, only from the status the caller saw (no double steps). */
  async recordStep(
    uuid: string,
    step: {
      from: PreservationStatus;
      to: PreservationStatus;
      at: Date;
      preservedObjectId?: string;
      message?: string;
      receiptXml?: string;
    },
  ): Promise<PreservedDocumentRow | undefined> {
    const entry = JSON.stringify([{ status: step.to, date: step.at.toISOString() }]);
    const [row] = await this.db
      .update(preservedDocuments)
      .set({
        status: step.to,
        statusHistory: sql`${preservedDocuments.statusHistory} || ${entry}::jsonb`,
        updatedAt: step.at,
        ...(step.preservedObjectId ? { preservedObjectId: step.preservedObjectId } : {}),
        ...(step.message ? { message: step.message } : {}),
        ...(step.receiptXml ? { receiptXml: step.receiptXml, receiptReceivedAt: step.at } : {}),
      })
      .where(and(eq(preservedDocuments.uuid, uuid), eq(preservedDocuments.status, step.from)))
      .returning();
    return row;
  }

  async list(
    ownerId: string,
    documentType: string,
    query: CollectionQuery,
  ): Promise<{ items: PreservedDocumentRow[]; total: number }> {
    const where = and(
      eq(preservedDocuments.ownerId, ownerId),
      eq(preservedDocuments.documentType, documentType),
      query.where,
    );
    const [items, [totalRow]] = await Promise.all([
      this.db
        .select()
        .from(preservedDocuments)
        .where(where)
        .orderBy(...query.orderBy)
        .limit(query.itemsPerPage)
        .offset(query.offset),
      this.db.select({ total: count() }).from(preservedDocuments).where(where),
    ]);
    return { items, total: totalRow?.total ?? 0 };
  }
}
