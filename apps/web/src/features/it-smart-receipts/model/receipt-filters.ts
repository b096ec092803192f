/**
 * The smart receipt lists' filters (italian-invoicing spec 3 "List filters", 7): id, the fiscal
 * ids, the document number, the status, the created and document date ranges (created the last
 * 30 days by default), under the names `GET /receipts` takes; and the query they make for one
 * screen's type. With an id, only the id is asked (spec 7: "when an id filter is present only
 * the id is used").
 */
import { receiptStatuses } from '@fiscus/contracts/receipt-messages';
import type { Receipt, ReceiptStatusName, ReceiptTypeName } from '@fiscus/contracts';
import type { Dayjs } from 'dayjs';
// The modules, not the kit's index: the route's prefetch reads these without the kit's components.
import { dayEndBound, dayStartBound } from '../../../components/list-kit/date-presets';
import type { ListQueryParams } from '../../../components/list-kit/list-query-string';
import type { QueryParams } from '../../../lib/api-client';

/** Receipts open on the last 30 days, as the other lists of the Italian area. */
export const DEFAULT_RECEIPT_DAYS = 30;

/** Keys of the three tables' column choices and kept filters in localStorage: never rename them. */
export const RECEIPT_TABLE_KEYS: Record<ReceiptTypeName, string> = {
  sale: 'it-receipts-sale',
  return: 'it-receipts-return',
  void: 'it-receipts-void',
};

/** The parameter the fiscal ids go out as (several may be chosen). */
export const FISCAL_IDS_PARAM = 'business_registry_configuration.fiscal_id[]';

export const emptyReceiptFilters = {
  id: '',
  [FISCAL_IDS_PARAM]: '',
  document_number: '',
  status: '',
  'created_at[after]': '',
  'created_at[before]': '',
  'document_date[after]': '',
  'document_date[before]': '',
};

export type ReceiptFilters = typeof emptyReceiptFilters;

export function defaultReceiptFilters(today: Dayjs): ReceiptFilters {
  return {
    ...emptyReceiptFilters,
    'created_at[after]': dayStartBound(today.subtract(DEFAULT_RECEIPT_DAYS, 'day')),
    'created_at[before]': dayEndBound(today),
  };
}

const isStatus = (value: string): value is ReceiptStatusName =>
  (receiptStatuses as readonly string[]).includes(value);

/** The list call of one screen: its type, the filters trimmed, fiscal ids upper-cased and split. */
export function toReceiptListQuery(type: ReceiptTypeName, params: ListQueryParams): QueryParams {
  const id = typeof params.id === 'string' ? params.id.trim() : '';
  if (id !== '') return { id };
  const query: QueryParams = { type };
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed === '') continue;
    if (name === 'status' && !isStatus(trimmed)) continue;
    if (name === FISCAL_IDS_PARAM) {
      const ids = trimmed
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((id) => id.toUpperCase());
      if (ids.length > 0) query[FISCAL_IDS_PARAM] = ids;
      continue;
    }
    query[name] = trimmed;
  }
  return query;
}

/** Statuses a receipt leaves by itself: a list showing one asks again until it settles. */
const UNSETTLED: ReadonlySet<ReceiptStatusName> = new Set(['new', 'submitted', 'retry']);

export function isUnsettled(receipt: Pick<Receipt, 'status'>): boolean {
  return UNSETTLED.has(receipt.status);
}

/** A sale whose void the Agenzia has not answered yet: it turns 'voided' when it does. */
function isBeingVoided(receipt: Pick<Receipt, 'status' | 'voiding_receipt'>): boolean {
  return receipt.status === 'ready' && receipt.voiding_receipt !== null;
}

/** A list showing a receipt that will change by itself asks again every 3 s. */
export function pollReceipts(
  receipts: readonly Pick<Receipt, 'status' | 'voiding_receipt'>[] | undefined,
): number | false {
  return receipts?.some((receipt) => isUnsettled(receipt) || isBeingVoided(receipt))
    ? 3_000
    : false;
}
