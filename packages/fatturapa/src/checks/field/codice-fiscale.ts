import { isValidPartitaIva } from './partita-iva.ts';

/**
 * A person's codice fiscale: surname (3 letters), name (3), year (2 digits), month letter, day
 * (2 digits, +40 for women), birthplace (letter + 3 digits), check letter. Digits may be replaced
 * by the omocodia letters L–V when two people would otherwise share a code.
 */
const PERSON_PATTERN =
  /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** Omocodia letters, standing for the digits 0–9 in this order. */
const OMOCODIA = 'LMNPQRSTUV';

/** Values of the characters in odd positions (1st, 3rd…), for '0'–'9' then 'A'–'Z'. */
const ODD_DIGIT_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
const ODD_LETTER_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

function charValue(code: number, odd: boolean): number {
  if (code >= 48 && code <= 57) {
    return odd ? (ODD_DIGIT_VALUES[code - 48] ?? 0) : code - 48;
  }
  return odd ? (ODD_LETTER_VALUES[code - 65] ?? 0) : code - 65;
}

function decodeDigit(char: string): number {
  const omocode = OMOCODIA.indexOf(char);
  return omocode >= 0 ? omocode : Number(char);
}

/** The check letter of a person's codice fiscale from its first 15 characters (upper case). */
export function codiceFiscaleCheckLetter(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += charValue(first15.charCodeAt(i), i % 2 === 0);
  return String.fromCharCode(65 + (sum % 26));
}

function isValidPersonCode(code: string): boolean {
  if (!PERSON_PATTERN.test(code)) return false;
  const day = decodeDigit(code[9] ?? '') * 10 + decodeDigit(code[10] ?? '');
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return code[15] === codiceFiscaleCheckLetter(code);
}

/**
 * Whether `value` is a well-formed codice fiscale: a person's 16-character code (omocodia
 * included) with a correct check letter and a possible day of birth, or the 11-digit numeric
 * code of companies and bodies (same check digit as the Partita IVA). Upper case only, as the
 * schema requires.
 */
export function isValidCodiceFiscale(value: string): boolean {
  if (value.length === 16) return isValidPersonCode(value);
  return value.length === 11 && isValidPartitaIva(value);
}
