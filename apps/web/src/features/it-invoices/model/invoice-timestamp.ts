/**
 * List timestamps as spec 9 writes them for invoices, "dd MMM yyyy HH:mm", in the browser's
 * time zone and the console's language. The API sends UTC instants; garbage shows as sent.
 */
export function formatInvoiceTimestamp(value: string | null, language: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const parts = new Intl.DateTimeFormat(language, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  // The spec's fixed order (dd MMM yyyy HH:mm) with the language's month names.
  return `${part('day')} ${part('month').replace(/\.$/, '')} ${part('year')} ${part('hour')}:${part('minute')}`;
}

/** A calendar date ("2017-01-18", no zone) in the console's language, read as that very day. */
export { formatListDate as formatInvoiceDate } from '../../../components/list-kit/timestamp';

/** Bytes as KB with 2 decimals (spec 9, preserved documents). */
export function formatKilobytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(bytes / 1024);
}
