/**
 * The exact decimals of receipts: values are bigints of units of 10^-scale, as in
 * `@fiscus/fatturapa/calc` (whose parsing and formatting this reuses), read strictly: a value with
 * more decimals than its field allows is refused, never rounded.
 */
import { formatScaled, parseScaled, rescale } from '@fiscus/fatturapa/calc';

/** Scale of every figure of a receipt line and of the document totals: 8 decimals. */
export const FIGURE_SCALE = 8;
/** Scale of quantities (2 decimals) and of payments (cents). */
export const CENT_SCALE = 2;

/** Longest decimal text read: 12 digits, a point and 8 decimals, with room to spare. */
const MAX_TEXT_LENGTH = 32;

/**
 * A non-negative decimal string with at most `maxDecimals` decimals (`'12'`, `'0.50'`), as units
 * of 10^-scale (scale ≥ maxDecimals); undefined for anything else (a sign, a comma, an exponent,
 * a leading or trailing point, too many decimals or characters).
 */
export function readDecimal(text: unknown, maxDecimals: number, scale: number): bigint | undefined {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_TEXT_LENGTH) {
    return undefined;
  }
  let point = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 46 /* . */) {
      if (point >= 0 || i === 0 || i === text.length - 1) return undefined;
      point = i;
    } else if (code < 48 || code > 57) {
      return undefined;
    }
  }
  if (point >= 0 && text.length - point - 1 > maxDecimals) return undefined;
  return parseScaled(text, scale);
}

/** n / d rounded half up, for n ≥ 0 and d > 0 (the Agenzia's rounding of line figures). */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** Units of 10^-8 as the 8-decimal string the API answers with. */
export function figureText(value: bigint): string {
  return formatScaled(value, FIGURE_SCALE);
}

/** Hundredths (quantities, cents) as a 2-decimal string: 150n is '1.50'. */
export function hundredthsText(value: bigint): string {
  return formatScaled(value, CENT_SCALE);
}

/** Units of 10^-8 rounded half up to cents: what the printed document shows. */
export function toCents(value: bigint): bigint {
  return rescale(value, FIGURE_SCALE, CENT_SCALE);
}

/** Units of 10^-8 as a 2-decimal string, rounded half up. */
export function centsText(value: bigint): string {
  return formatScaled(toCents(value), CENT_SCALE);
}

export function sum(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}
