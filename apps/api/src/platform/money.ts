/**
 * Money as exact cents (bigint) and back to the decimal strings the API speaks (`-12.30`), for
 * code that adds amounts up (open banking balances, allocations). Never a float.
 */

/** Cents of a decimal string with at most two decimals (`12`, `12.3`, `-0.05`); throws otherwise. */
export function toCents(amount: string): bigint {
  const text = amount.trim();
  const negative = text.startsWith('-');
  const unsigned = negative || text.startsWith('+') ? text.slice(1) : text;
  const [units = '', decimals = '', ...rest] = unsigned.split('.');
  if (rest.length > 0 || !/^\d{1,15}$/.test(units) || !/^\d{0,2}$/.test(decimals))
    throw new RangeError(`Not an amount of at most two decimals: ${amount}`);
  const cents = BigInt(units) * 100n + BigInt(decimals.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** The decimal string of `cents` (`-1230n` → `-12.30`). */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const magnitude = negative ? -cents : cents;
  const units = magnitude / 100n;
  const rest = (magnitude % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units}.${rest}`;
}

/** The decimal string again with exactly two decimals (`12.3` → `12.30`). */
export function normaliseAmount(amount: string): string {
  return fromCents(toCents(amount));
}
