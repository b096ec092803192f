import type { Column, SQL } from 'drizzle-orm';
import { and, asc, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { ItInvoiceRow } from '../../../db/schema/index.ts';
import { itInvoices } from '../../../db/schema/index.ts';
import type { CollectionDefinition } from '../../../platform/db/collection-query.ts';
import { parseCollectionQuery } from '../../../platform/db/collection-query.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { ActingScope } from '../../../platform/tenancy.ts';
import { actsForInvoice } from '../invoice-scope.ts';
import { DRAFT_MARKINGS } from './invoice-lifecycle.ts';

// The list planner of the invoice and draft lists: filters, party filters, which total to read
// (kept counters or a count) and how to read a filtered page. The SQL runs in the repository.

/** API Platform filters of the invoice and draft lists (spec 3 "List filters"). */
export const invoiceCollection: CollectionDefinition = {
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
    paid: { kind: 'boolean', column: itInvoices.paid },
    // A rejected invoice set as solved (archive-rejected).
    archived: { kind: 'boolean', column: itInvoices.archived },
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
export const FILTER_FIRST_MAX_ROWS = 20_000;

/**
 * The leading ORDER BY key as an expression no index provides (same order, same NULLs), so the
 * planner reads the filtered rows through the filter's index and sorts the few it finds.
 */
export function unindexed(
  requested: { column: Column; direction: 'asc' | 'desc' } | undefined,
): SQL {
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
 * party or rejected-to-fix filter applies (those are not collection filters). The counters are
 * the business's: a sub-account's list (its linked companies only) is always counted.
 */
function countableMarkings(
  query: RawQuery,
  scope: ListScope,
  scopeOnly: boolean,
): CountedMarkings | undefined {
  if (!scopeOnly || scope.subAccountId !== null) return undefined;
  const { marking, 'marking[]': markingList, ...rest } = query;
  if (parseCollectionQuery(rest, invoiceCollection).where !== undefined) return undefined;
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

/** Whose list: the acting scope (`actingScopeOf`), one direction or both, invoices or drafts. */
export type ListScope = ActingScope & { type?: 0 | 1; drafts: boolean };

/** WHERE of a list call, from the query string (throws a 400 problem for bad values). */
export function invoiceListQuery(
  db: Database,
  scope: ListScope,
  rawQuery: unknown,
  maxItemsPerPage?: number,
) {
  const query = (rawQuery ?? {}) as RawQuery;
  const parsed = parseCollectionQuery(query, invoiceCollection);
  const conditions: (SQL | undefined)[] = [
    eq(itInvoices.ownerId, scope.ownerId),
    // A sub-account's companies only (drafts are customer invoices: their supplier's).
    actsForInvoice(db, scope, scope.drafts ? 0 : scope.type),
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

export type InvoiceListQuery = ReturnType<typeof invoiceListQuery>;
