/**
 * The VAT codes a smart receipt line may carry (spec 3 "Smart receipt vat_rate_code options", the
 * provider's `VatRateCode`): the ordinary and reduced rates, the compensation rates of farmers
 * under the special regime, and the nature codes N1–N6 of lines without VAT.
 */

export const VAT_RATE_CODES = [
  '4',
  '5',
  '10',
  '22',
  '2',
  '6.4',
  '7',
  '7.3',
  '7.5',
  '7.65',
  '7.95',
  '8.3',
  '8.5',
  '8.8',
  '9.5',
  '12.3',
  'N1',
  'N2',
  'N3',
  'N4',
  'N5',
  'N6',
] as const;

export type VatRateCode = (typeof VAT_RATE_CODES)[number];

/** Codes without VAT: the line's nature (N1 excluded, N2 not subject, N3 not taxable, …). */
export type NatureCode = Extract<VatRateCode, `N${string}`>;

const CODES: ReadonlySet<string> = new Set(VAT_RATE_CODES);

export function isVatRateCode(value: unknown): value is VatRateCode {
  return typeof value === 'string' && CODES.has(value);
}

export function isNatureCode(code: VatRateCode): code is NatureCode {
  return code.startsWith('N');
}

/**
 * The rate of a code in hundredths of a percent (`'22'` → 2200n, `'7.65'` → 765n), 0n for a
 * nature code: the exact factor a VAT-inclusive amount is divided by is (10000 + rate) / 10000.
 */
export function rateBasisPoints(code: VatRateCode): bigint {
  if (isNatureCode(code)) return 0n;
  const [whole = '0', decimals = ''] = code.split('.');
  return BigInt(whole) * 100n + BigInt(decimals.padEnd(2, '0'));
}
