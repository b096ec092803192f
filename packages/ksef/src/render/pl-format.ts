import {
  formatDate as kitFormatDate,
  formatDecimal as kitFormatDecimal,
} from '@fiscus/fatturapa/render-kit';

// Amounts arrive as the decimal strings of the XML and are formatted as text (the render kit's
// formatters): every digit the invoice has is kept, where a binary float would lose some.
const decimalPattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

function isDecimal(value: string): boolean {
  return decimalPattern.test(value.trim());
}

/**
 * A decimal in Polish notation, as the Ministry's visualisation writes it in both languages:
 * "33 569,50" (no-break space between thousands, decimal comma), keeping every significant
 * digit and at least `minFraction` decimals. Text that is not a number is returned unchanged.
 */
export function formatDecimal(value: string, minFraction = 2): string {
  return kitFormatDecimal(value, 'pl', minFraction);
}

/** "33 569,50 PLN"; an empty value stays empty. */
export function formatAmount(value: string, currency: string): string {
  if (value === '') return '';
  const number = formatDecimal(value, 2);
  return currency && isDecimal(value) ? `${number}\u00a0${currency}` : number;
}

/** A quantity or rate: the digits it has, nothing added ("7" stays "7", "0.5" is "0,5"). */
export function formatQuantity(value: string): string {
  return value === '' ? '' : formatDecimal(value, 0);
}

/** "2025-10-31" → "31.10.2025"; other text unchanged. */
export function formatDate(value: string): string {
  return kitFormatDate(value, 'pl');
}

const warsawDateTime = new Intl.DateTimeFormat('pl-PL', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** An xsd:dateTime in Warsaw time, "22.03.2026 04:27:54"; other text unchanged. */
export function formatDateTime(value: string): string {
  if (!value.includes('T')) return formatDate(value);
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return warsawDateTime.format(instant).replace(', ', ' ');
}

/** A percentage such as Udzial or P_12_XII: "50" → "50%", "8.5" → "8,5%". */
export function formatPercent(value: string): string {
  if (value === '') return '';
  return isDecimal(value) ? `${formatDecimal(value, 0)}%` : value;
}

/** Bank account numbers in groups of four after the check digits, as printed on Polish invoices. */
export function formatAccountNumber(value: string): string {
  const compact = value.replace(/\s/g, '');
  if (compact.length <= 12 || /\s/.test(value.trim())) return value.trim();
  const startsWithLetter = /^[A-Za-z]/.test(compact);
  const head = startsWithLetter ? '' : compact.slice(0, 2);
  const rest = startsWithLetter ? compact : compact.slice(2);
  const groups: string[] = [];
  for (let i = 0; i < rest.length; i += 4) groups.push(rest.slice(i, i + 4));
  return [head, ...groups].filter(Boolean).join(' ');
}
