/**
 * Money as exact integer cents (bigint). Invoice amounts are FatturaPA's Amount2DecimalType (at
 * most 2 decimals); a bank amount with a non-zero third decimal can pay no invoice, so it has no
 * cents value here.
 */

/** Longest amount text read: ISO 20022 allows 18 digits, plus a sign and a point. */
const MAX_AMOUNT_LENGTH = 24;

/**
 * An xs:decimal string ('1220', '1220.5', '+1220.50', '.5', '1220.50000') as cents; undefined
 * when it is no decimal or has a non-zero digit past the second decimal (never rounded).
 */
export function toCents(text: string): bigint | undefined {
  if (text.length === 0 || text.length > MAX_AMOUNT_LENGTH) return undefined;
  let index = 0;
  let negative = false;
  if (text[0] === '+' || text[0] === '-') {
    negative = text[0] === '-';
    index = 1;
  }
  let whole = '';
  let fraction = '';
  let point = false;
  for (; index < text.length; index += 1) {
    const character = text[index] ?? '';
    if (character === '.') {
      if (point) return undefined;
      point = true;
    } else if (character >= '0' && character <= '9') {
      if (point) fraction += character;
      else whole += character;
    } else {
      return undefined;
    }
  }
  if (whole === '' && fraction === '') return undefined;
  const extra = fraction.slice(2);
  for (const digit of extra) if (digit !== '0') return undefined;
  const cents =
    BigInt(whole === '' ? '0' : whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** Cents as a 2-decimal string: 122000n is '1220.00', -150n is '-1.50'. */
export function centsText(cents: bigint): string {
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const whole = absolute / 100n;
  const fraction = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
