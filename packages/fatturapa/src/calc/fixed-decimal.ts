/**
 * Exact fixed-point arithmetic on the decimal strings of the model.
 *
 * A value is a `bigint` of units of 10^-scale (`'12.50'` at scale 2 is `1250n`). BigInt keeps
 * every product exact (an 8-decimal price times an 8-decimal quantity needs 16 decimals, beyond
 * the 2^53 of a float), and unlike decimal.js it allocates no objects, which keeps
 * `computeInvoiceTotals` cheap enough to run on every keystroke.
 */

/** Scale used for prices and quantities: the schema allows at most 8 decimals. */
export const PRICE_SCALE = 8;
/** Scale of amounts (ImportoTotaleDocumento, Imposta, ImponibileImporto…): 2 decimals. */
export const AMOUNT_SCALE = 2;

const POWERS: bigint[] = [];
for (let i = 0; i <= 40; i++) POWERS.push(10n ** BigInt(i));

/** 10^n as a bigint (cached for the scales used here). */
export function pow10(n: number): bigint {
  return POWERS[n] ?? 10n ** BigInt(n);
}

/**
 * Parses a decimal string (`'12.5'`, `'-0.30'`, `'7'`; a comma is not accepted) into units of
 * 10^-scale. Extra decimals are rounded half away from zero. Returns undefined for anything
 * that is not a plain decimal number.
 *
 * This runs several times per invoice line, so it scans the characters itself: up to 15
 * significant digits are accumulated in a float (exact below 2^53) and converted to a bigint
 * once; longer numbers go through the string route.
 */
export function parseScaled(text: string | undefined, scale: number): bigint | undefined {
  if (typeof text !== 'string') return undefined;
  let i = 0;
  let end = text.length;
  while (i < end && text.charCodeAt(i) <= 32) i++;
  while (end > i && text.charCodeAt(end - 1) <= 32) end--;
  const sign = text.charCodeAt(i);
  const negative = sign === 45; /* - */
  if (negative || sign === 43 /* + */) i++;
  const start = i;
  let digits = 0;
  let decimals = 0;
  let point = false;
  /** The first decimal beyond `scale`, which decides the rounding; -1 when there is none. */
  let roundDigit = -1;
  let small = 0;
  for (; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 46 /* . */) {
      if (point) return undefined;
      point = true;
      continue;
    }
    if (code < 48 || code > 57) return undefined;
    if (point && decimals === scale) {
      if (roundDigit < 0) roundDigit = code - 48;
      continue;
    }
    if (point) decimals++;
    digits++;
    if (digits <= 15) small = small * 10 + (code - 48);
  }
  if (digits === 0 && roundDigit < 0) return undefined;
  let value: bigint;
  if (digits <= 15) {
    value = BigInt(small);
  } else {
    let kept = '';
    let fraction = -1;
    for (let j = start; j < end && fraction < scale; j++) {
      const char = text[j];
      if (char === '.') {
        fraction = 0;
        continue;
      }
      if (fraction >= 0) fraction++;
      kept += char;
    }
    value = BigInt(kept);
  }
  if (decimals < scale) value *= pow10(scale - decimals);
  // Half away from zero on the first dropped digit: the "arrotondamento matematico" SDI uses.
  if (roundDigit >= 5) value += 1n;
  return negative ? -value : value;
}

/** Rounds a value from one scale down to a smaller one, half away from zero. */
export function rescale(value: bigint, fromScale: number, toScale: number): bigint {
  if (fromScale === toScale) return value;
  if (toScale > fromScale) return value * pow10(toScale - fromScale);
  const divisor = pow10(fromScale - toScale);
  const half = divisor / 2n;
  return value < 0n ? -((-value + half) / divisor) : (value + half) / divisor;
}

/** Formats units of 10^-scale as a decimal string with exactly `scale` decimals. */
export function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const text = scale === 0 ? whole : `${whole}.${digits.slice(digits.length - scale)}`;
  return negative ? `-${text}` : text;
}

/**
 * Formats a price with at least `minDecimals` and at most `maxDecimals` decimals, dropping only
 * trailing zeros beyond the minimum (the console shows prices with 2 to 8 decimals).
 */
export function formatTrimmed(
  value: bigint,
  scale: number,
  minDecimals: number,
  maxDecimals: number,
): string {
  const rounded = rescale(value, scale, maxDecimals);
  let text = formatScaled(rounded, maxDecimals);
  let decimals = maxDecimals;
  while (decimals > minDecimals && text.endsWith('0')) {
    text = text.slice(0, -1);
    decimals--;
  }
  return text.endsWith('.') ? text.slice(0, -1) : text;
}

/** Absolute value of a bigint. */
export function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/**
 * Rates repeat on every line, so their canonical form is memoised; the cache is dropped when it
 * grows past a few thousand distinct strings, which only junk input produces.
 */
const rateCache = new Map<string, string | undefined>();

/** Normalises a decimal string to a canonical key (`'22'`, `'22.0'` and `'22.00'` → `'22.00'`). */
export function canonicalRate(text: string | undefined): string | undefined {
  if (typeof text !== 'string') return undefined;
  if (rateCache.has(text)) return rateCache.get(text);
  const value = parseScaled(text, AMOUNT_SCALE);
  const canonical = value === undefined ? undefined : formatScaled(value, AMOUNT_SCALE);
  if (rateCache.size > 4096) rateCache.clear();
  rateCache.set(text, canonical);
  return canonical;
}
