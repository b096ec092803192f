import type { SQL } from 'drizzle-orm';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notExists,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { DEFAULT_ITEMS_PER_PAGE } from '@fiscus/contracts';
import {
  itBusinessRegistryConfigurations,
  itInvoices,
  itNotifications,
} from '../../../db/schema/index.ts';
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
import type { ActingScope } from '../../../platform/tenancy.ts';
import { actsForCompany } from '../../../platform/tenancy.ts';
import { foldersAlong } from './transfer-paths.ts';

/*
 * Invoice transfers, the uploads they come from and the folder tree, owned by the business
 * (`businessOf`: a sub-account uploads into its manager's tree). A transfer's SDI state (marking,
 * SDI id and file name) is read from the invoice it sent, so it is never stale.
 *
 * What a login sees is its acting scope (`actingScopeOf`), in SQL:
 * - a transfer belongs to its supplier's company (`supplier_fiscal_id`): a sub-account sees the
 *   transfers of the registries linked to it, and besides those only the transfers of files it
 *   uploaded itself whose supplier is no company of the business (a file not read yet or not an
 *   invoice, or another supplier's: what it sent and why it was not sent, nobody else's data);
 * - an upload (its progress) is the uploader's: a sub-account sees only the uploads it made (a
 *   manager's upload holds any company's files, its file name and counts included);
 * - a folder of the tree shows to a sub-account when it leads to an upload it made or to a
 *   transfer it may see (the manager's other folders name other companies' work).
 * The owner and its managers see the whole business. Unlinking a registry takes effect on the
 * next request: every condition reads the links, nothing is kept in the token.
 */

/** Markings of a sent invoice that was not issued: SDI rejected it (NS), or it never got there. */
export const REFUSED_MARKINGS = ['rejected', 'invoice-error'] as const;

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

/** The business's transfers; a sub-account's narrowed to its companies (see above). */
export type TransferScope = ActingScope;

export class TransfersRepository extends OwnedRepository<
  typeof itInvoiceTransfers,
  TransferScope,
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

  protected override scoped(
    scope: TransferScope,
    ...conditions: (SQL | undefined)[]
  ): SQL | undefined {
    return and(
      eq(itInvoiceTransfers.ownerId, scope.ownerId),
      this.visibleTransfer(scope),
      ...conditions,
    );
  }

  /** A sub-account's transfers (undefined for the whole business): see the file's comment. */
  private visibleTransfer(scope: TransferScope): SQL | undefined {
    if (scope.subAccountId === null) return undefined;
    const transfers = itInvoiceTransfers;
    const registries = itBusinessRegistryConfigurations;
    const companiesOfBusiness = this.db
      .select({ fiscalId: registries.fiscalId })
      .from(registries)
      .where(eq(registries.ownerId, scope.ownerId));
    return or(
      actsForCompany(this.db, scope, transfers.supplierFiscalId),
      and(
        inArray(transfers.uploadUuid, this.ownUploads(scope.subAccountId)),
        or(
          isNull(transfers.supplierFiscalId),
          notInArray(transfers.supplierFiscalId, companiesOfBusiness),
        ),
      ),
    );
  }

  /** The uploads a login made itself, as a subquery. */
  private ownUploads(loginId: string) {
    return this.db
      .select({ uuid: itTransferUploads.uuid })
      .from(itTransferUploads)
      .where(eq(itTransferUploads.uploadedBy, loginId));
  }

  /** The scope's uploads: the business's; a sub-account's own. */
  private scopedUploads(scope: TransferScope, ...conditions: SQL[]): SQL | undefined {
    return and(
      eq(itTransferUploads.ownerId, scope.ownerId),
      scope.subAccountId === null
        ? undefined
        : eq(itTransferUploads.uploadedBy, scope.subAccountId),
      ...conditions,
    );
  }

  /**
   * The scope's folders: the business's; for a sub-account, those on the way to an upload it
   * made or to a transfer it may see (a folder is on the way when it is the file's folder or
   * one of its parents).
   */
  private scopedFolders(scope: TransferScope, ...conditions: SQL[]): SQL | undefined {
    const folders = itTransferFolders;
    const uploads = itTransferUploads;
    const transfers = itInvoiceTransfers;
    const visible =
      scope.subAccountId === null
        ? undefined
        : exists(
            this.db
              .select({ one: sql`1` })
              .from(uploads)
              .where(
                and(
                  eq(uploads.ownerId, scope.ownerId),
                  or(
                    eq(uploads.folder, folders.path),
                    sql`left(${uploads.folder}, length(${folders.path}) + 1) = ${folders.path} || '/'`,
                  ),
                  or(
                    eq(uploads.uploadedBy, scope.subAccountId),
                    exists(
                      this.db
                        .select({ one: sql`1` })
                        .from(transfers)
                        .where(and(eq(transfers.uploadUuid, uploads.uuid), this.scoped(scope))),
                    ),
                  ),
                ),
              ),
          );
    return and(eq(folders.ownerId, scope.ownerId), visible, ...conditions);
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
    scope: TransferScope,
    query: { page?: number | undefined; itemsPerPage?: number | undefined },
    maxItemsPerPage: number,
  ): Promise<CollectionPage<TransferItemRow>> {
    const parsed = parseCollectionQuery(query, collection);
    const itemsPerPage = Math.min(query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE, maxItemsPerPage);
    const page = parsed.page;
    const where = this.scoped(scope, parsed.where);
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
  async childFolders(scope: TransferScope, parent: string): Promise<string[]> {
    const rows = await this.db
      .select({ path: itTransferFolders.path })
      .from(itTransferFolders)
      .where(this.scopedFolders(scope, eq(itTransferFolders.parent, parent)))
      .orderBy(asc(itTransferFolders.path))
      .limit(MAX_LISTED_FOLDERS);
    return rows.map((row) => row.path);
  }

  async folderExists(scope: TransferScope, path: string): Promise<boolean> {
    const [row] = await this.db
      .select({ path: itTransferFolders.path })
      .from(itTransferFolders)
      .where(this.scopedFolders(scope, eq(itTransferFolders.path, path)));
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

  /** An upload in the scope, or undefined (another business's, or for a sub-account another login's, reads as missing). */
  async findOwnedUpload(
    scope: TransferScope,
    uuid: string,
  ): Promise<ItTransferUploadRow | undefined> {
    const [row] = await this.db
      .select()
      .from(itTransferUploads)
      .where(this.scopedUploads(scope, eq(itTransferUploads.uuid, uuid)));
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

  /**
   * What SDI made of the invoices an upload sent: how many of them are in each marking now, and
   * the refused ones (rejected with an NS, or never transmitted), the first `maxRefused` of them
   * with the error list of their latest NS.
   */
  async uploadSdiAnswers(
    uploadUuid: string,
    maxRefused: number,
  ): Promise<{
    markings: { marking: string; count: number }[];
    refused: {
      transferUuid: string;
      fileName: string;
      invoiceUuid: string;
      marking: string;
      ns: unknown;
    }[];
  }> {
    const transfers = itInvoiceTransfers;
    const markings = await this.db
      .select({ marking: itInvoices.marking, count: count() })
      .from(transfers)
      .innerJoin(itInvoices, eq(itInvoices.uuid, transfers.invoiceUuid))
      .where(eq(transfers.uploadUuid, uploadUuid))
      .groupBy(itInvoices.marking);
    const refusedRows = await this.db
      .select({
        transferUuid: transfers.uuid,
        fileName: transfers.originalFileName,
        invoiceUuid: itInvoices.uuid,
        marking: itInvoices.marking,
      })
      .from(transfers)
      .innerJoin(itInvoices, eq(itInvoices.uuid, transfers.invoiceUuid))
      .where(
        and(
          eq(transfers.uploadUuid, uploadUuid),
          inArray(itInvoices.marking, [...REFUSED_MARKINGS]),
        ),
      )
      .orderBy(asc(transfers.entryIndex), asc(transfers.uuid))
      .limit(maxRefused);
    const ids = refusedRows.map((row) => row.invoiceUuid);
    const notices =
      ids.length === 0
        ? []
        : await this.db
            .select({ invoiceUuid: itNotifications.invoiceUuid, message: itNotifications.message })
            .from(itNotifications)
            .where(and(inArray(itNotifications.invoiceUuid, ids), eq(itNotifications.type, 'NS')))
            .orderBy(asc(itNotifications.createdAt));
    // Oldest first: the last one kept per invoice is its latest NS.
    const latestNs = new Map(notices.map((notice) => [notice.invoiceUuid, notice.message]));
    return {
      markings: markings.map((row) => ({ marking: row.marking, count: row.count })),
      refused: refusedRows.map((row) => ({ ...row, ns: latestNs.get(row.invoiceUuid) ?? null })),
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
