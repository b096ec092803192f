import type { SQL } from 'drizzle-orm';
import { and, count, eq, getTableColumns, inArray, notInArray, sum } from 'drizzle-orm';
import type { ItInvoiceRow, NewItInvoiceRow } from '../../../db/schema/index.ts';
import { itInvoiceCounts, itInvoices } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import type { ActingScope } from '../../../platform/tenancy.ts';
import { actsForInvoice, assertActsForParty } from '../invoice-scope.ts';
import { DRAFT_MARKINGS } from './invoice-lifecycle.ts';
import type {
  InvoiceListQuery,
  InvoiceSummaryRow,
  ListColumns,
  ListedInvoiceRow,
  ListScope,
} from './invoice-list-query.ts';
import { FILTER_FIRST_MAX_ROWS, invoiceListQuery, unindexed } from './invoice-list-query.ts';

export { ACCEPTED_BY_SDI_MARKINGS, DRAFT_MARKINGS } from './invoice-lifecycle.ts';
export type {
  InvoiceSummaryRow,
  ListColumns,
  ListedInvoiceRow,
  ListScope,
} from './invoice-list-query.ts';

/** The invoices (and drafts) of it_invoices: one owner's rows, their lists, SDI's updates. */
export class InvoicesRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewItInvoiceRow): Promise<ItInvoiceRow> {
    const [created] = await this.db.insert(itInvoices).values(row).returning();
    if (!created) throw new Error('invoice insert returned no row');
    return created;
  }

  /**
   * The caller's invoice (or draft when `drafts`), or undefined: foreign uuids find nothing, nor
   * do a sub-account's uuids of a company not linked to it (the acting scope).
   */
  async findOwned(
    scope: ActingScope,
    uuid: string,
    drafts = false,
  ): Promise<ItInvoiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(itInvoices)
      .where(
        and(
          eq(itInvoices.uuid, uuid),
          eq(itInvoices.ownerId, scope.ownerId),
          actsForInvoice(this.db, scope, drafts ? 0 : undefined),
          drafts
            ? inArray(itInvoices.marking, [...DRAFT_MARKINGS])
            : notInArray(itInvoices.marking, [...DRAFT_MARKINGS]),
        ),
      );
    return row;
  }

  /** A create for a company (its fiscal id or VAT): 403 naming it unless the scope acts for it. */
  async assertActsFor(
    scope: ActingScope,
    party: { fiscalId: string | null; vat: string | null },
  ): Promise<void> {
    await assertActsForParty(this.db, scope, party);
  }

  /** Any invoice by uuid, for the SDI sandbox (which acts for SDI, not for a tenant). */
  async findByUuid(uuid: string): Promise<ItInvoiceRow | undefined> {
    const [row] = await this.db.select().from(itInvoices).where(eq(itInvoices.uuid, uuid));
    return row;
  }

  /**
   * The invoice, locked until the transaction ends (call on a transaction's repository): a
   * concurrent or retried step of the same invoice waits, then sees what this one wrote.
   */
  async findForUpdate(uuid: string): Promise<ItInvoiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(itInvoices)
      .where(eq(itInvoices.uuid, uuid))
      .for('update');
    return row;
  }

  async update(uuid: string, values: Partial<NewItInvoiceRow>): Promise<ItInvoiceRow | undefined> {
    const [row] = await this.db
      .update(itInvoices)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(itInvoices.uuid, uuid))
      .returning();
    return row;
  }

  async delete(uuid: string): Promise<void> {
    await this.db.delete(itInvoices).where(eq(itInvoices.uuid, uuid));
  }

  /** The list total: from the kept counters when only markings narrow it, else counted. */
  private async total(scope: ListScope, query: InvoiceListQuery) {
    const markings = query.countedMarkings;
    if (markings?.values.length === 0) return 0;
    if (markings === undefined) {
      const counts = await Promise.all(
        (query.countWheres ?? [query.where]).map((where) =>
          this.db.select({ n: count() }).from(itInvoices).where(where),
        ),
      );
      return counts.reduce((totalSoFar, [row]) => totalSoFar + (row?.n ?? 0), 0);
    }
    const [row] = await this.db
      .select({ n: sum(itInvoiceCounts.n).mapWith(Number) })
      .from(itInvoiceCounts)
      .where(
        and(
          eq(itInvoiceCounts.ownerId, scope.ownerId),
          scope.type === undefined ? undefined : eq(itInvoiceCounts.type, scope.type),
          markings.kind === 'in'
            ? inArray(itInvoiceCounts.marking, markings.values)
            : notInArray(itInvoiceCounts.marking, markings.values),
        ),
      );
    return row?.n ?? 0;
  }

  /**
   * One page; without the XML unless `with-xml` (list items carry the payload, not the file),
   * and without the payload either for `summary`.
   */
  async list(
    scope: ListScope,
    rawQuery: unknown,
    columns?: 'listed',
  ): Promise<CollectionPage<ListedInvoiceRow>>;
  async list(
    scope: ListScope,
    rawQuery: unknown,
    columns: 'with-xml',
  ): Promise<CollectionPage<ItInvoiceRow>>;
  async list(
    scope: ListScope,
    rawQuery: unknown,
    columns: ListColumns,
  ): Promise<CollectionPage<InvoiceSummaryRow>>;
  async list(
    scope: ListScope,
    rawQuery: unknown,
    columns: ListColumns = 'listed',
  ): Promise<CollectionPage<InvoiceSummaryRow>> {
    const query = invoiceListQuery(this.db, scope, rawQuery);
    const withXml = columns === 'with-xml';
    const { xml: _xml, ...listed } = getTableColumns(itInvoices);
    const { payload: _payload, ...summary } = listed;
    const selected = columns === 'summary' ? summary : listed;
    const page = (orderBy: SQL[]) =>
      (withXml ? this.db.select() : this.db.select(selected))
        .from(itInvoices)
        .where(query.where)
        .orderBy(...orderBy)
        .limit(query.itemsPerPage)
        .offset(query.offset);
    if (query.countedMarkings !== undefined) {
      const [items, total] = await Promise.all([page(query.orderBy), this.total(scope, query)]);
      return { items, total, page: query.page, itemsPerPage: query.itemsPerPage };
    }
    // A filtered list: count first. A few matches are fetched through the filter's index and
    // sorted (the order index would walk past every newer row when, say, an invoice-date range
    // lies in the past: dates and creation times go together, which the planner cannot know).
    const total = await this.total(scope, query);
    if (total > FILTER_FIRST_MAX_ROWS) {
      const items = await page(query.orderBy);
      return { items, total, page: query.page, itemsPerPage: query.itemsPerPage };
    }
    // The page's uuids first (an index covering the filter answers without the table), then
    // only those rows.
    const ranked = await this.db
      .select({ uuid: itInvoices.uuid })
      .from(itInvoices)
      .where(query.where)
      .orderBy(unindexed(query.requestedOrder), ...query.orderBy)
      .limit(query.itemsPerPage)
      .offset(query.offset);
    const uuids = ranked.map((row) => row.uuid);
    const rows =
      uuids.length === 0
        ? []
        : await (withXml ? this.db.select() : this.db.select(selected))
            .from(itInvoices)
            .where(inArray(itInvoices.uuid, uuids));
    const byUuid = new Map(rows.map((row) => [row.uuid, row]));
    const items = uuids.flatMap((uuid) => byUuid.get(uuid) ?? []);
    return { items, total, page: query.page, itemsPerPage: query.itemsPerPage };
  }

  /** The report: up to `limit` rows of the filtered list, without the XML and payload. */
  async report(scope: ListScope, rawQuery: unknown, limit: number) {
    const query = invoiceListQuery(this.db, scope, { ...(rawQuery as object), page: '1' });
    return this.db
      .select({
        uuid: itInvoices.uuid,
        createdAt: itInvoices.createdAt,
        marking: itInvoices.marking,
        transmissionFormat: itInvoices.transmissionFormat,
        documentType: itInvoices.documentType,
        invoiceNumber: itInvoices.invoiceNumber,
        invoiceDate: itInvoices.invoiceDate,
        invoiceTotal: itInvoices.invoiceTotal,
        senderName: itInvoices.senderName,
        senderVat: itInvoices.senderVat,
        senderFiscalId: itInvoices.senderFiscalId,
        recipientName: itInvoices.recipientName,
        recipientVat: itInvoices.recipientVat,
        recipientFiscalId: itInvoices.recipientFiscalId,
        sdiFileId: itInvoices.sdiFileId,
        sdiFileName: itInvoices.sdiFileName,
        downloaded: itInvoices.downloaded,
      })
      .from(itInvoices)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(limit);
  }

  async setDownloaded(scope: ActingScope, uuids: string[], downloaded: boolean): Promise<number> {
    const rows = await this.db
      .update(itInvoices)
      .set({ downloaded, downloadedAt: downloaded ? new Date() : null, updatedAt: new Date() })
      .where(
        and(
          eq(itInvoices.ownerId, scope.ownerId),
          actsForInvoice(this.db, scope),
          inArray(itInvoices.uuid, uuids),
          notInArray(itInvoices.marking, [...DRAFT_MARKINGS]),
        ),
      )
      .returning({ uuid: itInvoices.uuid });
    return rows.length;
  }
}
