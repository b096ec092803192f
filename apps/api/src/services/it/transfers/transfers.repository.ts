import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  ne,
  notExists,
  sql,
} from 'drizzle-orm';
import { DEFAULT_ITEMS_PER_PAGE } from '@fiscus/contracts';
import { itInvoices } from '../../../db/schema/index.ts';
import type {
  ItInvoiceTransferRow,
  ItTransferUploadRow,
  NewItInvoiceTransferRow,
} from '../../../db/schema/it-transfers.ts';
import {
  itInvoiceTransfers,
  itTransferFolders,
  itTransferUploads,
} from '../../../db/schema/it-transfers.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import { parseCollectionQuery } from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';
import { foldersAlong } from './transfer-paths.ts';

/*
 * Invoice transfers, the uploads they come from and the folder tree, owned by the business
 * (`businessOf`: a sub-account works in its manager's tree). A transfer's SDI state (marking,
 * SDI id and file name) is read from the invoice it sent, so it is never stale.
 */

/** A transfer with what its sent invoice says now. */
export type TransferItemRow = ItInvoiceTransferRow & {
  marking: string | null;
  sdiFileId: string | null;
  sdiFileName: string | null;
};

/** Most child folders one listing answers. */
const MAX_LISTED_FOLDERS = 1000;

const collection = {
  filters: {
    original_file_name: { kind: 'partial' as const, column: itInvoiceTransfers.originalFileName },
    fixed: { kind: 'boolean' as const, column: itInvoiceTransfers.fixed },
    upload_uuid: { kind: 'uuid' as const, column: itInvoiceTransfers.uploadUuid },
    created_at: { kind: 'date' as const, column: itInvoiceTransfers.createdAt },
  },
  exists: { violations: itInvoiceTransfers.violations },
  order: { created_at: itInvoiceTransfers.createdAt },
  defaultOrder: [desc(itInvoiceTransfers.createdAt), desc(itInvoiceTransfers.uuid)],
};

export class TransfersRepository extends OwnedRepository<
  typeof itInvoiceTransfers,
  string,
  TransferItemRow
> {
  constructor(db: Database) {
    super(db, {
      table: itInvoiceTransfers,
      owner: itInvoiceTransfers.ownerId,
      id: itInvoiceTransfers.uuid,
      collection,
    });
  }

  protected override async withDetails(rows: ItInvoiceTransferRow[]): Promise<TransferItemRow[]> {
    const ids = rows.flatMap((row) => (row.invoiceUuid ? [row.invoiceUuid] : []));
    const invoices =
      ids.length === 0
        ? []
        : await this.db
            .select({
              uuid: itInvoices.uuid,
              marking: itInvoices.marking,
              sdiFileId: itInvoices.sdiFileId,
              sdiFileName: itInvoices.sdiFileName,
            })
            .from(itInvoices)
            .where(inArray(itInvoices.uuid, ids));
    const byUuid = new Map(invoices.map((invoice) => [invoice.uuid, invoice]));
    return rows.map((row) => {
      const invoice = row.invoiceUuid ? byUuid.get(row.invoiceUuid) : undefined;
      return {
        ...row,
        marking: invoice?.marking ?? null,
        sdiFileId: invoice?.sdiFileId ?? null,
        sdiFileName: invoice?.sdiFileName ?? null,
      };
    });
  }

  /**
   * A page of up to `maxItemsPerPage` transfers (the CSV export reads 1,000), with the list's
   * filters and order; the JSON list keeps the collection's usual maximum.
   */
  async listUpTo(
    ownerId: string,
    query: { page?: number | undefined; itemsPerPage?: number | undefined },
    maxItemsPerPage: number,
  ): Promise<CollectionPage<TransferItemRow>> {
    const parsed = parseCollectionQuery(query, collection);
    const itemsPerPage = Math.min(query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE, maxItemsPerPage);
    const page = parsed.page;
    const where = this.scoped(ownerId, parsed.where);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(itInvoiceTransfers)
        .where(where)
        .orderBy(...parsed.orderBy)
        .limit(itemsPerPage)
        .offset((page - 1) * itemsPerPage),
      this.db.select({ n: count() }).from(itInvoiceTransfers).where(where),
    ]);
    return { items: await this.withDetails(rows), total: total?.n ?? 0, page, itemsPerPage };
  }

  /** The child folders of `parent` ('' for the root's), by path. */
  async childFolders(ownerId: string, parent: string): Promise<string[]> {
    const rows = await this.db
      .select({ path: itTransferFolders.path })
      .from(itTransferFolders)
      .where(and(eq(itTransferFolders.ownerId, ownerId), eq(itTransferFolders.parent, parent)))
      .orderBy(asc(itTransferFolders.path))
      .limit(MAX_LISTED_FOLDERS);
    return rows.map((row) => row.path);
  }

  async folderExists(ownerId: string, path: string): Promise<boolean> {
    const [row] = await this.db
      .select({ path: itTransferFolders.path })
      .from(itTransferFolders)
      .where(and(eq(itTransferFolders.ownerId, ownerId), eq(itTransferFolders.path, path)));
    return row !== undefined;
  }

  /** Records an upload and the folders on its way (each once). */
  async insertUpload(values: typeof itTransferUploads.$inferInsert): Promise<ItTransferUploadRow> {
    const folders = foldersAlong(values.folder ?? '');
    if (folders.length > 0) {
      await this.db
        .insert(itTransferFolders)
        .values(folders.map((folder) => ({ ownerId: values.ownerId, ...folder })))
        .onConflictDoNothing();
    }
    const [row] = await this.db.insert(itTransferUploads).values(values).returning();
    if (!row) throw new Error('upload not recorded');
    return row;
  }

  async findUpload(uuid: string): Promise<ItTransferUploadRow | undefined> {
    const [row] = await this.db
      .select()
      .from(itTransferUploads)
      .where(eq(itTransferUploads.uuid, uuid));
    return row;
  }

  /** A business's upload, or undefined (another business's reads as missing). */
  async findOwnedUpload(ownerId: string, uuid: string): Promise<ItTransferUploadRow | undefined> {
    const [row] = await this.db
      .select()
      .from(itTransferUploads)
      .where(and(eq(itTransferUploads.ownerId, ownerId), eq(itTransferUploads.uuid, uuid)));
    return row;
  }

  /**
   * An upload's transfers so far: made, read to the end (kept with violations, or sent), sent
   * and with violations. A transfer read and on its way to SDI is made but not yet processed.
   */
  async uploadCounts(uploadUuid: string): Promise<{
    transfers: number;
    processed: number;
    sent: number;
    with_violations: number;
  }> {
    const transfers = itInvoiceTransfers;
    const [row] = await this.db
      .select({
        transfers: count(),
        processed:
          sql<number>`count(*) filter (where ${transfers.violations} is not null or ${transfers.sentAt} is not null)`.mapWith(
            Number,
          ),
        sent: count(transfers.sentAt),
        withViolations: count(transfers.violations),
      })
      .from(transfers)
      .where(eq(transfers.uploadUuid, uploadUuid));
    return {
      transfers: row?.transfers ?? 0,
      processed: row?.processed ?? 0,
      sent: row?.sent ?? 0,
      with_violations: row?.withViolations ?? 0,
    };
  }

  async markUploadProcessed(uuid: string, at: Date): Promise<void> {
    await this.db
      .update(itTransferUploads)
      .set({ status: 'processed', processedAt: at })
      .where(eq(itTransferUploads.uuid, uuid));
  }

  async findEntry(
    uploadUuid: string,
    entryIndex: number,
  ): Promise<ItInvoiceTransferRow | undefined> {
    const [row] = await this.db
      .select()
      .from(itInvoiceTransfers)
      .where(
        and(
          eq(itInvoiceTransfers.uploadUuid, uploadUuid),
          eq(itInvoiceTransfers.entryIndex, entryIndex),
        ),
      );
    return row;
  }

  /** Inserts an entry's transfer once: a second run of the job finds the first one's row. */
  async insertEntry(values: NewItInvoiceTransferRow): Promise<ItInvoiceTransferRow> {
    const [row] = await this.db
      .insert(itInvoiceTransfers)
      .values(values)
      .onConflictDoNothing({
        target: [itInvoiceTransfers.uploadUuid, itInvoiceTransfers.entryIndex],
      })
      .returning();
    if (row) return row;
    const existing = await this.findEntry(values.uploadUuid, values.entryIndex);
    if (!existing) throw new Error('transfer not recorded');
    return existing;
  }

  async updateEntry(
    uuid: string,
    changes: Partial<NewItInvoiceTransferRow>,
  ): Promise<ItInvoiceTransferRow | undefined> {
    const [row] = await this.db
      .update(itInvoiceTransfers)
      .set(changes)
      .where(eq(itInvoiceTransfers.uuid, uuid))
      .returning();
    return row;
  }

  /** Earlier transfers of the same file in the same folder that failed are now fixed. */
  async markEarlierFixed(sent: ItInvoiceTransferRow): Promise<void> {
    await this.db
      .update(itInvoiceTransfers)
      .set({ fixed: true })
      .where(
        and(
          eq(itInvoiceTransfers.ownerId, sent.ownerId),
          eq(itInvoiceTransfers.reference, sent.reference),
          eq(itInvoiceTransfers.originalFileName, sent.originalFileName),
          ne(itInvoiceTransfers.uuid, sent.uuid),
          lt(itInvoiceTransfers.createdAt, sent.createdAt),
          isNotNull(itInvoiceTransfers.violations),
        ),
      );
  }

  /**
   * An invoice an interrupted run sent for this transfer but did not link: the business's
   * customer invoice with the transfer's XML, created since the transfer, that no transfer holds.
   */
  async unlinkedInvoiceOf(transfer: ItInvoiceTransferRow): Promise<string | undefined> {
    if (!transfer.xml) return undefined;
    const [row] = await this.db
      .select({ uuid: itInvoices.uuid })
      .from(itInvoices)
      .where(
        and(
          eq(itInvoices.ownerId, transfer.ownerId),
          eq(itInvoices.type, 0),
          eq(itInvoices.xml, transfer.xml),
          gte(itInvoices.createdAt, transfer.createdAt),
          notExists(
            this.db
              .select({ uuid: itInvoiceTransfers.uuid })
              .from(itInvoiceTransfers)
              .where(eq(itInvoiceTransfers.invoiceUuid, itInvoices.uuid)),
          ),
        ),
      )
      .limit(1);
    return row?.uuid;
  }

  /** Transfers of an upload, in entry order (tests and the demo read them). */
  async ofUpload(uploadUuid: string): Promise<ItInvoiceTransferRow[]> {
    return this.db
      .select()
      .from(itInvoiceTransfers)
      .where(eq(itInvoiceTransfers.uploadUuid, uploadUuid))
      .orderBy(asc(itInvoiceTransfers.entryIndex));
  }
}
