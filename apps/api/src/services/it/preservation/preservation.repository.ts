import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type {
  ItInvoiceRow,
  PreservationStatus,
  PreservedDocumentRow,
} from '../../../db/schema/index.ts';
import { itInvoices, preservedDocuments } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';
import type { ActingScope } from '../../../platform/tenancy.ts';
import { actsForCompany } from '../../../platform/tenancy.ts';
import { actsForInvoice } from '../invoice-scope.ts';
import type { PreservationStore } from '../../../gateways/preservation/preservation-gateway.ts';

/** Preserved documents of one type (customer-invoice, supplier-invoice) the login acts for. */
export type PreservedDocumentScope = ActingScope & { documentType: string };

/**
 * SQL of preserved documents (and the read of invoices they come from). Documents belong to the
 * business (`businessOf`), like the invoices they preserve, and to the company of their fiscal
 * id: the acting scope (`actingScopeOf`) shows a sub-account those of the companies linked to
 * it. The routes name their type too.
 */
export class PreservationRepository
  extends OwnedRepository<typeof preservedDocuments, PreservedDocumentScope>
  implements PreservationStore
{
  constructor(db: Database) {
    super(db, {
      table: preservedDocuments,
      owner: preservedDocuments.ownerId,
      id: preservedDocuments.uuid,
      updatedAt: preservedDocuments.updatedAt,
      collection: {
        filters: {
          status: { kind: 'exact', column: preservedDocuments.status },
          created_at: { kind: 'date', column: preservedDocuments.createdAt },
        },
        order: { created_at: preservedDocuments.createdAt },
        defaultOrder: [desc(preservedDocuments.createdAt), asc(preservedDocuments.uuid)],
      },
    });
  }

  protected override scoped(
    scope: PreservedDocumentScope,
    ...conditions: (SQL | undefined)[]
  ): SQL | undefined {
    return and(
      eq(preservedDocuments.ownerId, scope.ownerId),
      actsForCompany(this.db, scope, preservedDocuments.fiscalId),
      eq(preservedDocuments.documentType, scope.documentType),
      ...conditions,
    );
  }

  /** An invoice of a company the scope acts for, or undefined. */
  async findInvoice(scope: ActingScope, uuid: string): Promise<ItInvoiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(itInvoices)
      .where(
        and(
          eq(itInvoices.ownerId, scope.ownerId),
          actsForInvoice(this.db, scope),
          eq(itInvoices.uuid, uuid),
        ),
      );
    return row;
  }

  async find(uuid: string): Promise<PreservedDocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(preservedDocuments)
      .where(eq(preservedDocuments.uuid, uuid));
    return row;
  }

  /** The document preserving an invoice, of a company the scope acts for. */
  async findBySource(
    scope: ActingScope,
    sourceUuid: string,
  ): Promise<PreservedDocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(preservedDocuments)
      .where(
        and(
          eq(preservedDocuments.ownerId, scope.ownerId),
          actsForCompany(this.db, scope, preservedDocuments.fiscalId),
          eq(preservedDocuments.sourceUuid, sourceUuid),
        ),
      );
    return row;
  }

  /** Stores a new `to_be_stored` document; undefined when that source is already preserved. */
  async insertToBeStored(values: {
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
}
