import type { InvoiceMarking } from '@fiscus/contracts';
import type { Dayjs } from 'dayjs';
// The module itself, not the kit's entry: the list's prefetch (`../prefetch.ts`) imports this
// file before the kit's components are needed.
import { dayEndBound, dayStartBound } from '../../../components/list-kit/date-presets';
import type { ListOrder } from '../../../components/list-kit';
import type { QueryParams } from '../../../lib/api-client';

/** Customer (sent) invoices are type 0, supplier (received) invoices type 1 (spec 3). */
export type InvoiceDirection = 0 | 1;

/** localStorage keys of the two tables' kept state and column choices. */
export const INVOICE_TABLE_KEYS: Record<InvoiceDirection, string> = {
  0: 'customer.invoices',
  1: 'supplier.invoices',
};

/**
 * The filter values as the list kit keeps them in the URL. Date bounds are the kit's
 * day-start/day-end with the browser's offset; `toInvoiceListQuery` turns them into the API's
 * 'YYYY-MM-DD 00:00:00' form.
 */
export const emptyInvoiceFilters = {
  uuid: '',
  'createdAt[after]': '',
  'createdAt[before]': '',
  'invoiceDate[after]': '',
  'invoiceDate[before]': '',
  invoiceNumber: '',
  documentType: '',
  'marking[]': [] as string[],
  'sender.businessName': '',
  'sender.fiscalId': '',
  'recipient.businessName': '',
  'recipient.fiscalId': '',
  downloaded: '',
  toPa: '',
  signed: '',
  stamp: '',
  rejectedToFix: '',
  /** Customer invoices only: 'true' paid in full by bank transactions, 'false' not (yet). */
  paid: '',
};

export type InvoiceFilters = typeof emptyInvoiceFilters;

/** Spec 9: the invoice-date filter starts at one month ago to today (the user's calendar). */
export function defaultInvoiceFilters(today: Dayjs): InvoiceFilters {
  return {
    ...emptyInvoiceFilters,
    'invoiceDate[after]': dayStartBound(today.subtract(1, 'month')),
    'invoiceDate[before]': dayEndBound(today),
  };
}

/** Markings a customer or a supplier invoice can carry (spec 4 "Invoice marking"). */
export const markingsByDirection: Record<InvoiceDirection, readonly InvoiceMarking[]> = {
  0: [
    'waiting',
    'sent',
    'delivered',
    'delivered-pa',
    'not-delivered',
    'accepted-pa',
    'rejected-pa',
    'rejected',
    'deadline-terms',
    'quarantena',
    'invoice-error',
    'notification-error',
  ],
  1: ['received', 'quarantena'],
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isInvoiceUuid(value: string): boolean {
  return UUID_PATTERN.test(value.trim());
}

/** Kit bound (`2026-03-01T00:00:00+01:00`) or a hand-typed `2026-03-01`: the day and its zone. */
const BOUND_PATTERN = /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2})?(Z|[+-]\d{2}:\d{2})?)?$/;

function boundDay(value: string): { day: string; zone: string } | null {
  const match = BOUND_PATTERN.exec(value.trim());
  if (!match?.[1]) return null;
  return { day: match[1], zone: match[2] ?? '' };
}

/**
 * A range bound for the API (spec 5: 'YYYY-MM-DD 00:00:00' and 'YYYY-MM-DD 23:59:59').
 * The invoice date is a calendar date, so it goes without zone. created_at is an instant:
 * the user's zone offset is appended so "today" means the user's today, not UTC's.
 */
export function apiDateBound(
  value: string,
  end: 'start' | 'end',
  withZone: boolean,
): string | undefined {
  const parsed = boundDay(value);
  if (!parsed) return undefined;
  const time = end === 'start' ? '00:00:00' : '23:59:59';
  return `${parsed.day} ${time}${withZone ? parsed.zone : ''}`;
}

export interface InvoiceListRequest {
  direction: InvoiceDirection;
  filters: InvoiceFilters;
  page: number;
  itemsPerPage: number;
  order: ListOrder | null;
}

function text(value: string | string[] | undefined): string | undefined {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? undefined : trimmed;
}

/** Spec 5: the invoice-number filter only applies together with an invoice date. */
export function hasInvoiceDate(filters: InvoiceFilters): boolean {
  return (
    boundDay(filters['invoiceDate[after]']) !== null ||
    boundDay(filters['invoiceDate[before]']) !== null
  );
}

/**
 * The `GET /invoices` query of a list state (spec 3 "List filters", 5 "Filters"). A uuid
 * filter wins over everything else and asks for that single invoice; flags send 1 / 0.
 */
export function toInvoiceListQuery(request: InvoiceListRequest): QueryParams {
  const { filters, direction } = request;
  const uuid = text(filters.uuid);
  if (uuid !== undefined) {
    return { type: String(direction), uuid, page: '1', itemsPerPage: String(request.itemsPerPage) };
  }
  const query: QueryParams = {
    type: String(direction),
    page: String(request.page),
    itemsPerPage: String(request.itemsPerPage),
    'createdAt[after]': apiDateBound(filters['createdAt[after]'], 'start', true),
    'createdAt[before]': apiDateBound(filters['createdAt[before]'], 'end', true),
    'invoiceDate[after]': apiDateBound(filters['invoiceDate[after]'], 'start', false),
    'invoiceDate[before]': apiDateBound(filters['invoiceDate[before]'], 'end', false),
    invoiceNumber: hasInvoiceDate(filters) ? text(filters.invoiceNumber) : undefined,
    documentType: text(filters.documentType),
    'sender.businessName': text(filters['sender.businessName']),
    'sender.fiscalId': text(filters['sender.fiscalId']),
    'recipient.businessName': text(filters['recipient.businessName']),
    'recipient.fiscalId': text(filters['recipient.fiscalId']),
    downloaded: flag(filters.downloaded),
    toPa: flag(filters.toPa),
    signed: flag(filters.signed),
    stamp: flag(filters.stamp),
    // Only sent invoices can be rejected; the supplier list never sends it.
    rejectedToFix: direction === 0 && filters.rejectedToFix === '1' ? '1' : undefined,
    // Only customer invoices are paid by the reconciliation of bank transactions.
    paid: direction === 0 ? paidFlag(filters.paid) : undefined,
  };
  const markings = filters['marking[]'].filter((marking) =>
    (markingsByDirection[direction] as readonly string[]).includes(marking),
  );
  if (markings.length > 0) query['marking[]'] = markings;
  if (request.order && ORDER_FIELDS.includes(request.order.field)) {
    query[`order[${request.order.field}]`] = request.order.direction;
  }
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

/** Spec 3: ordering by invoice date or invoice number only. */
export const ORDER_FIELDS: readonly string[] = ['invoiceDate', 'invoiceNumber'];

/** Paid / not paid / any: `true`, `false` or nothing (issue 36, the API's `paid=true|false`). */
function paidFlag(value: string): string | undefined {
  return value === 'true' || value === 'false' ? value : undefined;
}

/** Yes / no / any: 1, 0 or nothing (spec 3 "Download filter values"). */
function flag(value: string): string | undefined {
  return value === '1' || value === '0' ? value : undefined;
}
