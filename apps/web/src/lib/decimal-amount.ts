/**
 * Money arrives as decimal strings ("120.50") and must never pass through binary floats for
 * arithmetic. Sums and ratios go through integer minor units (BigInt); formatting hands the
 * string itself to Intl, which formats decimal strings exactly.
 */

const decimalPattern = /^(-)?(\d+)(?:\.(\d+))?$/;

/** "12.345" → 1235n at scale 2 (half away from zero); null for anything that is not a decimal. */
export function toMinorUnits(amount: string, scale = 2): bigint | null {
  const match = decimalPattern.exec(amount.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const padded = fraction.padEnd(scale + 1, '0');
  let units = BigInt(whole + padded.slice(0, scale));
  if (Number(padded[scale]) >= 5) units += 1n;
  return sign ? -units : units;
}

/** Minor units back to a decimal string: 1235n → "12.35". */
export function fromMinorUnits(units: bigint, scale = 2): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** Exact sum of decimal strings (invalid entries are skipped). */
export function sumAmounts(amounts: readonly string[], scale = 2): string {
  let total = 0n;
  for (const amount of amounts) total += toMinorUnits(amount, scale) ?? 0n;
  return fromMinorUnits(total, scale);
}

/** Whole percentage part / whole, clamped to 0..100; 0 when whole is not positive. */
export function percentOf(part: string, whole: string): number {
  const partUnits = toMinorUnits(part);
  const wholeUnits = toMinorUnits(whole);
  if (partUnits === null || wholeUnits === null || wholeUnits <= 0n) return 0;
  const percent = (partUnits * 100n) / wholeUnits;
  return Number(percent < 0n ? 0n : percent > 100n ? 100n : percent);
}

/**
 * Formats a decimal string as a currency amount in the given language, without float rounding.
 * A currency that is not an ISO 4217 code (a form's field half typed) falls back to EUR.
 */
export function formatMoney(amount: string, language: string, currency: unknown = 'EUR'): string {
  const trimmed = amount.trim();
  if (!decimalPattern.test(trimmed)) return amount;
  const code = typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'EUR';
  return moneyFormatter(language, code).format(trimmed as Intl.StringNumericLiteral);
}

/** One formatter per language and currency: a list formats an amount on each of its rows. */
const moneyFormatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(language: string, currency: string): Intl.NumberFormat {
  const key = `${language}|${currency}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { style: 'currency', currency });
    moneyFormatters.set(key, formatter);
  }
  return formatter;
}
