import type { QueryParams } from '../../../lib/api-client';

/**
 * The drafts filters (spec 3 "List filters", Drafts) as the list kit keeps them in the URL,
 * under the names `GET /invoices/draft` takes. Date bounds are the kit's day-start/day-end
 * with the browser's offset; `toDraftListQuery` turns them into 'YYYY-MM-DD 00:00:00' form.
 */
export const emptyDraftFilters = {
  uuid: '',
  'created_at[after]': '',
  'created_at[before]': '',
  'invoiceDate[after]': '',
  'invoiceDate[before]': '',
  'sender.business_name': '',
  'sender.fiscalId': '',
  'recipient.business_name': '',
  'recipient.fiscalId': '',
};

export type DraftFilters = typeof emptyDraftFilters;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The API refuses a malformed uuid filter (400); no draft can match one anyway. */
export function isDraftUuid(value: string): boolean {
  return UUID_PATTERN.test(value.trim());
}

/** Kit bound (`2026-03-01T00:00:00+01:00`) or a hand-typed `2026-03-01`: the day and its zone. */
const BOUND_PATTERN = /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2})?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A range bound for the API (spec 9: drafts date filters use 00:00:00 and 23:59:59). The
 * invoice date is a calendar date and goes without zone; created_at is an instant, so the
 * user's offset is kept and "today" means the user's today.
 */
export function draftDateBound(
  value: string,
  end: 'start' | 'end',
  withZone: boolean,
): string | undefined {
  const match = BOUND_PATTERN.exec(value.trim());
  if (!match?.[1]) return undefined;
  const time = end === 'start' ? '00:00:00' : '23:59:59';
  return `${match[1]} ${time}${withZone ? (match[2] ?? '') : ''}`;
}

function text(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export interface DraftListRequest {
  filters: DraftFilters;
  page: number;
  itemsPerPage: number;
}

/**
 * The `GET /invoices/draft` query of a list state. Drafts are always sent invoices (type 0).
 * A uuid filter wins over everything else and asks for that single draft (spec 5 "Filters").
 */
export function toDraftListQuery({ filters, page, itemsPerPage }: DraftListRequest): QueryParams {
  const uuid = text(filters.uuid);
  if (uuid !== undefined) {
    return { type: '0', uuid, page: '1', itemsPerPage: String(itemsPerPage) };
  }
  const query: QueryParams = {
    type: '0',
    page: String(page),
    itemsPerPage: String(itemsPerPage),
    'created_at[after]': draftDateBound(filters['created_at[after]'], 'start', true),
    'created_at[before]': draftDateBound(filters['created_at[before]'], 'end', true),
    'invoiceDate[after]': draftDateBound(filters['invoiceDate[after]'], 'start', false),
    'invoiceDate[before]': draftDateBound(filters['invoiceDate[before]'], 'end', false),
    'sender.business_name': text(filters['sender.business_name']),
    'sender.fiscalId': text(filters['sender.fiscalId']),
    'recipient.business_name': text(filters['recipient.business_name']),
    'recipient.fiscalId': text(filters['recipient.fiscalId']),
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}
