/** IBAN length per country (SWIFT IBAN registry), as country code + length. */
const IBAN_LENGTHS: ReadonlyMap<string, number> = new Map(
  (
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 ' +
    'DK18 DO28 EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HN28 HR21 HU28 ' +
    'IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 ' +
    'MK19 MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 QA29 RO24 RS22 RU33 SA24 SC31 ' +
    'SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30'
  )
    .split(' ')
    .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))] as const),
);

const IBAN_PATTERN = /^[A-Z]{2}\d{2}[A-Z0-9]+$/;
const SEPARATORS = /[\s-]+/g;

/**
 * Whether `value` is a valid IBAN: known country, that country's length, and the ISO 13616
 * mod-97 check (the result must be 1). Spaces and dashes are ignored, case is not.
 */
export function isValidIban(value: string): boolean {
  const iban = value.replace(SEPARATORS, '');
  if (!IBAN_PATTERN.test(iban)) return false;
  if (IBAN_LENGTHS.get(iban.slice(0, 2)) !== iban.length) return false;
  // Move the first four characters to the end, read letters as 10–35, reduce mod 97 digit by
  // digit so no big integer is needed.
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (let i = 0; i < rearranged.length; i++) {
    const code = rearranged.charCodeAt(i);
    if (code >= 65) remainder = (remainder * 100 + (code - 55)) % 97;
    else remainder = (remainder * 10 + (code - 48)) % 97;
  }
  return remainder === 1;
}
