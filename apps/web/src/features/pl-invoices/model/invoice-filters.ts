/**
 * A Polish invoice list's filters (spec 2 "Invoice lists", 7 "Invoice list", 9): status, the
 * created range, the invoice date range, the invoice type, the creator's and the recipient's
 * NIP, the legal entity, and the invoice number (the API filters on it; an accountant looks an
 * invoice up by its number first). The created range opens on the last 30 days, 00:00:00 thirty
 * days ago to 23:59:59 today in the user's zone; the invoice date range opens empty, so an
 * invoice KSeF delivers today with an older invoice date (an incoming invoice, an offline one
 * sent late, a correction) is on the list the day it arrives.
 */
import type { PlDirection } from '@fiscus/contracts';
import type { Dayjs } from 'dayjs';
// The modules, not the kit's index: the route's prefetch reads these without the kit's components.
import { dayEndBound, dayStartBound } from '../../../components/list-kit/date-presets';
import type { ListQueryParams } from '../../../components/list-kit/list-query-string';
import type { QueryParams } from '../../../lib/api-client';

export const emptyInvoiceFilters = {
  invoiceStatus: '',
  'createdAt[after]': '',
  'createdAt[before]': '',
  'invoiceDate[after]': '',
  'invoiceDate[before]': '',
  invoiceType: '',
  invoiceNumber: '',
  invoiceCreatorNip: '',
  invoiceRecipientNip: '',
  legalEntityUuid: '',
};
export type InvoiceFilters = typeof emptyInvoiceFilters;

/** Spec 9: date filters default to the last 30 days; the end gets 23:59:59. */
export const DEFAULT_CREATED_DAYS = 30;

export function defaultInvoiceFilters(now: Dayjs): InvoiceFilters {
  return {
    ...emptyInvoiceFilters,
    'createdAt[after]': dayStartBound(now.subtract(DEFAULT_CREATED_DAYS, 'day')),
    'createdAt[before]': dayEndBound(now),
  };
}

/** The table key of a list's kept filters and columns (never rename it). */
export function invoicesTableKey(direction: PlDirection): string {
  return `pl-${direction}-invoices`;
}

/** A NIP as typed by a person ("123-456-32-18", "123 456 32 18"): its digits only. */
export function normalizeNip(value: string): string {
  return value.replaceAll('-', '').replaceAll(' ', '').trim();
}

const NIP_FILTERS = new Set(['invoiceCreatorNip', 'invoiceRecipientNip']);
/** The API takes invoice dates as calendar days (yyyy-MM-dd). */
const DAY_FILTERS = new Set(['invoiceDate[after]', 'invoiceDate[before]']);

/**
 * What the list asks the API for: the direction, the page and every filter with a value. The
 * kit keeps date bounds as the user's day-start and day-end with their offset; the created range
 * goes as it is (instants), the invoice date range as the calendar days the user picked.
 */
export function toInvoiceQuery(params: ListQueryParams, direction: PlDirection): QueryParams {
  const query: QueryParams = { direction };
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    let text = value.trim();
    if (NIP_FILTERS.has(name)) text = normalizeNip(text);
    if (DAY_FILTERS.has(name)) text = text.slice(0, 10);
    if (text !== '') query[name] = text;
  }
  return query;
}
