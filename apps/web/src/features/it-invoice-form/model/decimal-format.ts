import { formatScaled, parseScaled } from '@fiscus/fatturapa/calc';

/** How a number field is written once the user leaves it (spec 5 "Invoice form"). */
export type DecimalKind = 'amount' | 'price';

/** Rates, taxes, amounts and quantities get exactly 2 decimals. */
const AMOUNT_DECIMALS = 2;
/** Unit and total prices keep what the user typed, between 2 and 8 decimals (Amount8DecimalType). */
const PRICE_MIN_DECIMALS = 2;
const PRICE_MAX_DECIMALS = 8;

/**
 * The value of a number field after blur: a comma becomes a dot, then the number is written with
 * the decimals of its kind, rounded half away from zero when the user typed too many. Text that
 * is not a number is returned with only the comma replaced, so the schema can flag it.
 */
export function formatDecimalOnBlur(text: string, kind: DecimalKind): string {
  const normalized = text.trim().replace(',', '.');
  if (normalized === '') return '';
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(normalized)) return normalized;
  const typedDecimals = normalized.split('.')[1]?.length ?? 0;
  const decimals =
    kind === 'amount'
      ? AMOUNT_DECIMALS
      : Math.min(Math.max(typedDecimals, PRICE_MIN_DECIMALS), PRICE_MAX_DECIMALS);
  const scaled = parseScaled(normalized, decimals);
  return scaled === undefined ? normalized : formatScaled(scaled, decimals);
}

/** True for a plain decimal number as the schema accepts it (dot separator, optional sign). */
export function isDecimalText(text: string): boolean {
  return /^[-+]?\d+(\.\d+)?$/.test(text.trim());
}
