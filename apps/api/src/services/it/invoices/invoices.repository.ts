import type { Column, SQL } from 'drizzle-orm';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
  sum,
} from 'drizzle-orm';
import type { ItInvoiceRow, ItNotificationRow, NewItInvoiceRow } from '../../../db/schema/index.ts';
import {
  itBusinessRegistryConfigurations,
  itInvoiceCounts,
  itInvoices,
  itNotifications,
  users,
} from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { CollectionDefinition, CollectionPage } from '../../../platform/hydra.ts';
import { parseCollectionQuery } from '../../../platform/hydra.ts';

export const DRAFT_MARKINGS = ['draft', 'draft-blocked'] as const;

/** Markings after which SDI holds the invoice as received: a second one is a duplicate (00404). */
export const ACCEPTED_BY_SDI_MARKINGS = [
  'delivered',
  'delivered-pa',
  'not-delivered',
  'accepted-pa',
  'rejected-pa',
  'deadline-terms',
];

/** API Platform filters of the invoice and draft lists (spec 3 "List filters"). */
const collection: CollectionDefinition = {
  filters: {
    uuid: { kind: 'uuid', column: itInvoices.uuid },
    invoiceNumber: { kind: 'exact', column: itInvoices.invoiceNumber },
    documentType: { kind: 'exact', column: itInvoices.documentType },
    marking: { kind: 'exact', column: itInvoices.marking },
    'sender.businessName': { kind: 'partial', column: itInvoices.senderName },
    'recipient.businessName': { kind: 'partial', column: itInvoices.recipientName },
    // Drafts use the snake_case spelling (spec 3 "Drafts").
    'sender.business_name': { kind: 'partial', column: itInvoices.senderName },
    'recipient.business_name': { kind: 'partial', column: itInvoices.recipientName },
    createdAt: { kind: 'date', column: itInvoices.createdAt },
    created_at: { kind: 'date', column: itInvoices.createdAt },
    invoiceDate: { kind: 'date', column: itInvoices.invoiceDate },
    downloaded: { kind: 'boolean', column: itInvoices.downloaded },
    toPa: { kind: 'boolean', column: itInvoices.toPa },
    signed: { kind: 'boolean', column: itInvoices.signed },
    stamp: { kind: 'boolean', column: itInvoices.stamp },
  },
  order: {
    invoiceDate: itInvoices.invoiceDate,
    invoiceNumber: itInvoices.invoiceNumber,
    createdAt: itInvoices.createdAt,
  },
  defaultOrder: [desc(itInvoices.createdAt), desc(itInvoices.uuid)],
};

type RawQuery = Record<string, string | string[] | undefined>;

function lastValue(value: string | string[] | undefined): string | undefined {
  const single = Array.isArray(value) ? value[value.length - 1] : value;
  return single === undefined || single.trim() === '' ? undefined : single.trim();
}

/** fiscalId matches the codice fiscale or the VAT number, with or without its country prefix. */
function partyFiscalId(fiscalColumn: Column, vatColumn: Column, value: string) {
  const upper = value.toUpperCase();
  const vat = /^[A-Z]{2}/.test(upper) ? upper : `IT${upper}`;
  const byFiscalId = eq(fiscalColumn, upper);
  const byVat = eq(vatColumn, vat);
  return {
    where: or(byFiscalId, byVat),
    /**
     * The same rows as two disjoint sets (fiscal id; VAT number but another fiscal id), each
     * counted from one covering index without reading the table: an OR would visit every row.
     */
    disjoint: [byFiscalId, and(byVat, sql`${fiscalColumn} is distinct from ${upper}`)] as const,
  };
}

/** Up to this many matches, a filtered page is read through the filter and sorted. */
const FILTER_FIRST_MAX_ROWS = 20_000;

/**
 * The leading ORDER BY key as an expression no index provides (same order, same NULLs), so the
 * planner reads the filtered rows through the filter's index and sorts the few it finds.
 */
function unindexed(requested: { column: Column; direction: 'asc' | 'desc' } | undefined): SQL {
  const column = requested?.column ?? itInvoices.createdAt;
  const expression =
    column === itInvoices.createdAt
      ? sql`(${column} + interval '0 s')`
      : column === itInvoices.invoiceDate
        ? sql`(${column} + 0)`
        : sql`(${column} || '')`;
  return (requested?.direction ?? 'desc') === 'asc' ? asc(expression) : desc(expression);
}

type CountedMarkings = { kind: 'in' | 'not-in'; values: string[] };

/**
 * When a list is narrowed by nothing but its scope and an optional marking filter, its total is
 * the sum of the kept counters (it_invoice_counts) of those markings: the markings to sum, or
 * undefined when another filter applies and the rows must be counted. `scopeOnly` says no
 * party or rejected-to-fix filter applies (those are not collection filters).
 */
function countableMarkings(
  query: RawQuery,
  scope: ListScope,
  scopeOnly: boolean,
): CountedMarkings | undefined {
  if (!scopeOnly) return undefined;
  const { marking, 'marking[]': markingList, ...rest } = query;
  if (parseCollectionQuery(rest, collection).where !== undefined) return undefined;
  const requested = [
    ...new Set(
      [marking, markingList]
        .flat()
        .filter((value): value is string => typeof value === 'string' && value !== ''),
    ),
  ];
  const drafts: string[] = [...DRAFT_MARKINGS];
  if (requested.length === 0)
    return scope.drafts ? { kind: 'in', values: drafts } : { kind: 'not-in', values: drafts };
  const values = requested.filter((value) => drafts.includes(value) === scope.drafts);
  return { kind: 'in', values };
}

/** A list row: every column but the XML, which lists never need. */
export type ListedInvoiceRow = Omit<ItInvoiceRow, 'xml'>;

/**
 * A list row as a property-filtered list reads it: without the payload (megabytes for an
 * invoice with attachments) when the payload is not among the asked properties.
 */
export type InvoiceSummaryRow = Omit<ListedInvoiceRow, 'payload'> & { payload?: unknown };

/** The columns a page reads: `listed` (all but the XML), `summary` (also no payload), `with-xml`. */
export type ListColumns = 'listed' | 'summary' | 'with-xml';

export type ListScope = { ownerId: string; type?: 0 | 1; drafts: boolean };

export class InvoicesRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewItInvoiceRow): Promise<ItInvoiceRow> {
    const [created] = await this.db.insert(itInvoices).values(row).returning();
    if (!created) throw new Error('invoice insert returned no row');
    return created;
  }

  /** The caller's invoice (or draft when `drafts`), or undefined: foreign uuids find nothing. */
  async findOwned(
    ownerId: string,
    uuid: string,
    drafts = false,
  ): Promise<ItInvoiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(itInvoices)
      .where(
        and(
          eq(itInvoices.uuid, uuid),
          eq(itInvoices.ownerId, ownerId),
          drafts
            ? inArray(itInvoices.marking, [...DRAFT_MARKINGS])
            : notInArray(itInvoices.marking, [...DRAFT_MARKINGS]),
        ),
      );
    return row;
  }

  /** Any invoice by uuid, for the SDI sandbox (which acts for SDI, not for a tenant). */
  async findByUuid(uuid: string): Promise<ItInvoiceRow | undefined> {
    const [row] = await this.db.select().from(itInvoices).where(eq(itInvoices.uuid, uuid));
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

  /** WHERE of a list call, from the query string (throws a 400 problem for bad values). */
  listQuery(scope: ListScope, rawQuery: unknown, maxItemsPerPage?: number) {
    const query = (rawQuery ?? {}) as RawQuery;
    const parsed = parseCollectionQuery(query, collection);
    const conditions: (SQL | undefined)[] = [
      eq(itInvoices.ownerId, scope.ownerId),
      scope.drafts
        ? inArray(itInvoices.marking, [...DRAFT_MARKINGS])
        : notInArray(itInvoices.marking, [...DRAFT_MARKINGS]),
      parsed.where,
    ];
    if (scope.type !== undefined) conditions.push(eq(itInvoices.type, scope.type));
    const senderId = lastValue(query['sender.fiscalId'] ?? query['sender.fiscal_id']);
    const recipientId = lastValue(query['recipient.fiscalId'] ?? query['recipient.fiscal_id']);
    const parties = [
      senderId && partyFiscalId(itInvoices.senderFiscalId, itInvoices.senderVat, senderId),
      recipientId &&
        partyFiscalId(itInvoices.recipientFiscalId, itInvoices.recipientVat, recipientId),
    ].filter((party) => typeof party === 'object');
    if (lastValue(query.rejectedToFix) !== undefined) {
      // Rejected invoices still to fix: not archived and not already fixed by a newer invoice.
      conditions.push(
        eq(itInvoices.marking, 'rejected'),
        eq(itInvoices.archived, false),
        isNull(itInvoices.fixedByUuid),
      );
    }
    // With one party filter, the total is counted as two disjoint sets (see partyFiscalId).
    const party = parties.length === 1 ? parties[0] : undefined;
    const countWheres = party?.disjoint.map((part) => and(...conditions, part));
    conditions.push(...parties.map((entry) => entry.where));
    const countedMarkings = countableMarkings(
      query,
      scope,
      !senderId && !recipientId && lastValue(query.rejectedToFix) === undefined,
    );
    const itemsPerPage =
      maxItemsPerPage === undefined
        ? parsed.itemsPerPage
        : Math.min(parsed.itemsPerPage, maxItemsPerPage);
    return {
      ...parsed,
      itemsPerPage,
      offset: (parsed.page - 1) * itemsPerPage,
      where: and(...conditions),
      countedMarkings,
      countWheres,
    };
  }

  /** The list total: from the kept counters when only markings narrow it, else counted. */
  private async total(scope: ListScope, query: ReturnType<InvoicesRepository['listQuery']>) {
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
    const query = this.listQuery(scope, rawQuery);
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
    const query = this.listQuery(scope, { ...(rawQuery as object), page: '1' });
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

  async setDownloaded(ownerId: string, uuids: string[], downloaded: boolean): Promise<number> {
    const rows = await this.db
      .update(itInvoices)
      .set({ downloaded, downloadedAt: downloaded ? new Date() : null, updatedAt: new Date() })
      .where(
        and(
          eq(itInvoices.ownerId, ownerId),
          inArray(itInvoices.uuid, uuids),
          notInArray(itInvoices.marking, [...DRAFT_MARKINGS]),
        ),
      )
      .returning({ uuid: itInvoices.uuid });
    return rows.length;
  }

  /**
   * SDI's duplicate question (00404) for the keys of one invoice: which of them another sent
   * invoice, already accepted by SDI, carries. SDI is one system for every tenant, so this
   * looks across owners.
   */
  async acceptedDuplicateKeys(
    invoice: { uuid: string; createdAt: Date },
    keys: { senderVat: string; documentType: string; date: string; number: string }[],
  ): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .select({
        senderVat: itInvoices.senderVat,
        documentType: itInvoices.documentType,
        date: itInvoices.invoiceDate,
        number: itInvoices.invoiceNumber,
      })
      .from(itInvoices)
      .where(
        and(
          eq(itInvoices.type, 0),
          ne(itInvoices.uuid, invoice.uuid),
          or(
            inArray(itInvoices.marking, ACCEPTED_BY_SDI_MARKINGS),
            // A file SDI received earlier and is still checking counts too: of two copies sent
            // together, the second is the duplicate, whatever order the checks finish in.
            and(
              eq(itInvoices.marking, 'sent'),
              or(
                lt(itInvoices.createdAt, invoice.createdAt),
                and(eq(itInvoices.createdAt, invoice.createdAt), lt(itInvoices.uuid, invoice.uuid)),
              ),
            ),
          ),
          or(
            ...keys.map((key) =>
              and(
                eq(itInvoices.senderVat, key.senderVat),
                eq(itInvoices.documentType, key.documentType),
                eq(itInvoices.invoiceDate, key.date),
                eq(itInvoices.invoiceNumber, key.number),
              ),
            ),
          ),
        ),
      );
    return new Set(
      rows.map((row) =>
        duplicateKey(row.senderVat ?? '', row.documentType ?? '', row.date ?? '', row.number ?? ''),
      ),
    );
  }

  /** Accounts of this instance as SDI's registries see them (recipient codes, identifiers). */
  async instanceParties() {
    return this.db
      .select({
        id: users.id,
        recipientCode: users.recipientCode,
        vat: users.invoicingVatNumber,
        fiscalId: users.invoicingFiscalId,
        name: users.invoicingName,
        parentId: users.parentId,
      })
      .from(users)
      .where(
        and(
          eq(users.enabled, true),
          isNull(users.parentId),
          or(
            sql`${users.recipientCode} is not null`,
            sql`${users.invoicingVatNumber} is not null`,
            sql`${users.invoicingFiscalId} is not null`,
          ),
        ),
      )
      .orderBy(asc(users.createdAt));
  }

  /** Fiscal ids of the instance's business registry configurations (SDI's taxpayer registry). */
  async configuredCompanies(): Promise<{ fiscalId: string; name: string | null }[]> {
    return this.db
      .select({
        fiscalId: itBusinessRegistryConfigurations.fiscalId,
        name: itBusinessRegistryConfigurations.name,
      })
      .from(itBusinessRegistryConfigurations);
  }

  async insertNotification(row: typeof itNotifications.$inferInsert): Promise<ItNotificationRow> {
    const [created] = await this.db.insert(itNotifications).values(row).returning();
    if (!created) throw new Error('notification insert returned no row');
    return created;
  }

  async notificationsOf(invoiceUuids: string[]): Promise<ItNotificationRow[]> {
    if (invoiceUuids.length === 0) return [];
    return this.db
      .select()
      .from(itNotifications)
      .where(inArray(itNotifications.invoiceUuid, invoiceUuids))
      .orderBy(asc(itNotifications.createdAt), asc(itNotifications.uuid));
  }

  async countNotifications(invoiceUuid: string, type: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(itNotifications)
      .where(and(eq(itNotifications.invoiceUuid, invoiceUuid), eq(itNotifications.type, type)));
    return row?.n ?? 0;
  }

  async findNotificationOwned(
    ownerId: string,
    uuid: string,
  ): Promise<ItNotificationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(itNotifications)
      .where(and(eq(itNotifications.uuid, uuid), eq(itNotifications.ownerId, ownerId)));
    return row;
  }
}

export function duplicateKey(
  senderVat: string,
  documentType: string,
  date: string,
  number: string,
): string {
  return [senderVat.toUpperCase(), documentType, date, number].join('|');
}
