/**
 * The transfers list's filters (spec 2 "Invoice transfers screen", 3 "List filters", 9): the
 * created range (the last 30 days by default), the original file name and with or without
 * violations, and the `GET /invoice-transfers` query they make.
 *
 * The created range is whole days of the user's calendar (the browser's time zone, the zone the
 * list shows its timestamps in), as the spec's 'date 00:00:00' to 'date 23:59:59' means: from
 * the first day's start (`created_at[after]`, inclusive) to the start of the day after the last
 * (`created_at[strictly_before]`), each with its UTC offset written out, so the API (which reads
 * a bound without an offset as UTC) compares the same instants and no transfer of the last
 * day's final second (23:59:59.5) falls out.
 */
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { dayEndBound, dayStartBound } from '../../../components/list-kit';
import type { ListOrder } from '../../../components/list-kit';
import type { QueryParams } from '../../../lib/api-client';

/** Spec 9: transfers open on the last 30 days. */
export const DEFAULT_TRANSFER_DAYS = 30;

/**
 * The filter values as the list kit keeps them in the URL. Date bounds are the kit's day-start
 * and day-end with the browser's offset; the query turns the day-end into the next day's start.
 */
export const emptyTransferFilters = {
  'created_at[after]': '',
  'created_at[before]': '',
  original_file_name: '',
  'exists[violations]': '',
};

export type TransferFilters = typeof emptyTransferFilters;

/** The last 30 days up to the end of today, in the user's calendar. */
export function defaultTransferFilters(today: Dayjs): TransferFilters {
  return {
    ...emptyTransferFilters,
    'created_at[after]': dayStartBound(today.subtract(DEFAULT_TRANSFER_DAYS, 'day')),
    'created_at[before]': dayEndBound(today),
  };
}

export interface TransferListRequest {
  filters: TransferFilters;
  page: number;
  itemsPerPage: number;
  order: ListOrder | null;
}

function text(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The exclusive upper bound of the day `bound` falls on, in the user's calendar: the next day's
 * 00:00:00 with its offset. A bound that is no date is sent as it is (the API refuses it).
 */
export function nextDayStartBound(bound: string): string {
  const day = dayjs(bound);
  return day.isValid() ? dayStartBound(day.startOf('day').add(1, 'day')) : bound;
}

/**
 * The list's query (spec 7): `fixed=false` (a failed file uploaded again and sent is left out),
 * the created days (from the first day's start up to, not including, the start of the day after
 * the last), the file name, `exists[violations]` and the page.
 */
export function toTransferListQuery(request: TransferListRequest): QueryParams {
  const { filters } = request;
  const violations = filters['exists[violations]'];
  const lastDay = text(filters['created_at[before]']);
  const query: QueryParams = {
    fixed: 'false',
    page: String(request.page),
    itemsPerPage: String(request.itemsPerPage),
    'created_at[after]': text(filters['created_at[after]']),
    'created_at[strictly_before]': lastDay === undefined ? undefined : nextDayStartBound(lastDay),
    original_file_name: text(filters.original_file_name),
    'exists[violations]': violations === 'true' || violations === 'false' ? violations : undefined,
  };
  if (request.order?.field === 'created_at') {
    query['order[created_at]'] = request.order.direction;
  }
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}
