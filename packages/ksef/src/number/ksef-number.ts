// The KSeF number (docs/faktury/numer-ksef.md): NIP-YYYYMMDD-FFFFFFFFFFFF-CC, 35 characters,
// CC = CRC-8 (polynomial 0x07, initial value 0x00) of the first 32 characters, upper-case hex.

const NUMBER_LENGTH = 35;
const DATA_LENGTH = 32;

/** CRC-8 with polynomial 0x07 and initial value 0x00 over ASCII text, as two upper-case hex digits. */
export function ksefCrc8(text: string): string {
  let crc = 0;
  for (let index = 0; index < text.length; index += 1) {
    crc ^= text.charCodeAt(index) & 0xff;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(2, '0');
}

function isDigits(text: string): boolean {
  return /^\d+$/.test(text);
}

function isUpperHex(text: string): boolean {
  return /^[\dA-F]+$/.test(text);
}

/** Why a number or its parts are wrong, in English and Polish. */
interface Problem {
  en: string;
  pl: string;
}

/** Why `yyyymmdd` is not a calendar day, or undefined when it is one. */
function dateProblem(yyyymmdd: string): Problem | undefined {
  if (yyyymmdd.length !== 8 || !isDigits(yyyymmdd)) {
    return { en: 'the date must be 8 digits YYYYMMDD', pl: 'data musi mieć 8 cyfr RRRRMMDD' };
  }
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    month < 1 ||
    month > 12 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return {
      en: `the date ${yyyymmdd} is not a calendar day`,
      pl: `data ${yyyymmdd} nie jest dniem kalendarzowym`,
    };
  }
  return undefined;
}

/** Why the three parts cannot form a KSeF number, or undefined when they can. */
function partsProblem(nip: string, yyyymmdd: string, hex12: string): Problem | undefined {
  if (nip.length !== 10 || !isDigits(nip)) {
    return { en: 'the NIP must be 10 digits', pl: 'NIP musi mieć 10 cyfr' };
  }
  const date = dateProblem(yyyymmdd);
  if (date) return date;
  if (hex12.length !== 12 || !isUpperHex(hex12)) {
    return {
      en: 'the technical part must be 12 upper-case hexadecimal characters (0-9, A-F)',
      pl: 'część techniczna musi mieć 12 znaków szesnastkowych, wielkie litery (0-9, A-F)',
    };
  }
  return undefined;
}

/**
 * The KSeF number of the seller's NIP, the acceptance day (YYYYMMDD) and the 12-character
 * technical part, with its CRC-8. Throws a RangeError saying which part is wrong.
 */
export function makeKsefNumber(nip: string, yyyymmdd: string, hex12: string): string {
  const problem = partsProblem(nip, yyyymmdd, hex12);
  if (problem) throw new RangeError(`Cannot make a KSeF number: ${problem.en}`);
  const data = `${nip}-${yyyymmdd}-${hex12}`;
  return `${data}-${ksefCrc8(data)}`;
}

export interface KsefNumberCheck {
  valid: boolean;
  /** Why the number is invalid (English). */
  reason?: string;
  /** Why the number is invalid (Polish). */
  reasonPl?: string;
}

function invalid(problem: Problem): KsefNumberCheck {
  return { valid: false, reason: problem.en, reasonPl: problem.pl };
}

/**
 * Checks a KSeF number as numer-ksef.md describes: 35 characters, NIP, date, technical part
 * and the CRC-8 of the first 32 characters. Never throws.
 */
export function checkKsefNumber(value: string): KsefNumberCheck {
  if (typeof value !== 'string') return invalid({ en: 'not a string', pl: 'to nie jest tekst' });
  if (value.length !== NUMBER_LENGTH) {
    return invalid({
      en: `a KSeF number has ${NUMBER_LENGTH} characters, this one ${value.length}`,
      pl: `numer KSeF ma ${NUMBER_LENGTH} znaków, ten ma ${value.length}`,
    });
  }
  if (value[10] !== '-' || value[19] !== '-' || value[32] !== '-') {
    return invalid({
      en: 'expected NIP-YYYYMMDD-FFFFFFFFFFFF-CC (dashes at 11, 20, 33)',
      pl: 'oczekiwano NIP-RRRRMMDD-FFFFFFFFFFFF-CC (myślniki na pozycjach 11, 20, 33)',
    });
  }
  const problem = partsProblem(value.slice(0, 10), value.slice(11, 19), value.slice(20, 32));
  if (problem) return invalid(problem);
  const checksum = value.slice(33);
  if (!isUpperHex(checksum)) {
    return invalid({
      en: 'the checksum must be 2 upper-case hexadecimal characters',
      pl: 'suma kontrolna musi mieć 2 znaki szesnastkowe, wielkie litery',
    });
  }
  const expected = ksefCrc8(value.slice(0, DATA_LENGTH));
  if (checksum !== expected) {
    return invalid({
      en: `checksum ${checksum} does not match the CRC-8 ${expected}`,
      pl: `suma kontrolna ${checksum} nie zgadza się z CRC-8 ${expected}`,
    });
  }
  return { valid: true };
}
