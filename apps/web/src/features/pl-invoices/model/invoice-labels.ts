/**
 * Words and colours of a Polish invoice (spec 3 "Polish invoice", 4 "Invoice status badges"):
 * the filter's choices of status and type, the badge colour of each status, the amount with its
 * currency and the offline sending deadline. The contract's lists (`plInvoiceStatuses`,
 * `plInvoiceTypes`) are repeated here as type-checked constants because importing them would
 * bring zod into the list's first load; `invoice-labels.test.ts` holds the two in step.
 */
import type { PlInvoice, PlInvoiceStatus, PlInvoiceType } from '@fiscus/contracts';
import { formatMoney } from '../../../lib/decimal-amount';

export const INVOICE_STATUSES = [
  'valid',
  'sent',
  'delivered',
  'confirmed',
  'received',
  'rejected',
  'error',
  'unknown',
] as const satisfies readonly PlInvoiceStatus[];

export const INVOICE_TYPES = [
  'VAT',
  'KOR',
  'ZAL',
  'ROZ',
  'UPR',
  'KOR_ZAL',
  'KOR_ROZ',
] as const satisfies readonly PlInvoiceType[];

export type StatusColor = 'neutral' | 'primary' | 'warning' | 'success' | 'error' | 'info';

/**
 * Spec 4: valid neutral, sent primary, delivered warning, confirmed success, error error. The
 * spec leaves three open: `received` (an incoming invoice KSeF holds: its final, good state, but
 * not one this account confirmed) is info; `rejected` (KSeF refused it: someone must act) is
 * error like `error`; `unknown` is neutral.
 */
const STATUS_COLORS: Record<PlInvoiceStatus, StatusColor> = {
  valid: 'neutral',
  sent: 'primary',
  delivered: 'warning',
  confirmed: 'success',
  received: 'info',
  rejected: 'error',
  error: 'error',
  unknown: 'neutral',
};

export function statusColor(status: string): StatusColor {
  return STATUS_COLORS[status as PlInvoiceStatus] ?? 'neutral';
}

/** A status the API may add later shows as `unknown` rather than as a missing key. */
export function knownStatus(status: string): PlInvoiceStatus {
  return status in STATUS_COLORS ? (status as PlInvoiceStatus) : 'unknown';
}

/** KSeF's invoices are in złoty unless they say otherwise (FA's KodWaluty is required, PLN by far the most). */
export const DEFAULT_CURRENCY = 'PLN';

/** The gross amount (P_15, a decimal string) in the reader's language; never through a float. */
export function grossAmountText(
  invoice: Pick<PlInvoice, 'grossAmount' | 'currencyCode'>,
  language: string,
): string {
  if (invoice.grossAmount === null) return '';
  return formatMoney(invoice.grossAmount, language, invoice.currencyCode ?? DEFAULT_CURRENCY);
}

/** KSeF's own zone: offline deadlines are days of the Polish calendar. */
export const KSEF_TIME_ZONE = 'Europe/Warsaw';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day an offline invoice must reach KSeF by, as yyyy-MM-dd (spec 9's date format) of the
 * Polish calendar: a calendar date as sent, an instant converted to Warsaw's day.
 */
export function offlineDeadlineDay(deadline: string | null): string | null {
  if (!deadline) return null;
  if (CALENDAR_DATE.test(deadline)) return deadline;
  const date = new Date(deadline);
  if (Number.isNaN(date.getTime())) return deadline;
  // en-CA writes dates as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: KSEF_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** The browser's time zone, named where the console shows times (spec: times explicit about zone). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A name that is safe as a file name: KSeF invoice numbers carry slashes ("FV/2026/11/001"). */
export function safeFileName(name: string): string {
  let safe = '';
  for (const character of name) {
    const code = character.codePointAt(0) ?? 0;
    safe += code < 32 || '/\\:*?"<>|'.includes(character) ? '_' : character;
  }
  safe = safe.trim();
  return safe === '' || safe === '.' || safe === '..' ? 'invoice' : safe;
}
