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

/** Why `yyyymmdd` is not a calendar day, or undefined when it is one. */
function dateProblem(yyyymmdd: string): string | undefined {
  if (yyyymmdd.length !== 8 || !isDigits(yyyymmdd)) return 'the date must be 8 digits YYYYMMDD';
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
    return `the date ${yyyymmdd} is not a calendar day`;
  }
  return undefined;
}

/** Why the three parts cannot form a KSeF number, or undefined when they can. */
function partsProblem(nip: string, yyyymmdd: string, hex12: string): string | undefined {
  if (nip.length !== 10 || !isDigits(nip)) return 'the NIP must be 10 digits';
  const date = dateProblem(yyyymmdd);
  if (date) return date;
  if (hex12.length !== 12 || !isUpperHex(hex12)) {
    return 'the technical part must be 12 upper-case hexadecimal characters (0-9, A-F)';
  }
  return undefined;
}

/**
 * The KSeF number of the seller's NIP, the acceptance day (YYYYMMDD) and the 12-character
 * technical part, with its CRC-8. Throws a RangeError saying which part is wrong.
 */
export function makeKsefNumber(nip: string, yyyymmdd: string, hex12: string): string {
  const problem = partsProblem(nip, yyyymmdd, hex12);
  if (problem) throw new RangeError(`Cannot make a KSeF number: ${problem}`);
  const data = `${nip}-${yyyymmdd}-${hex12}`;
  return `${data}-${ksefCrc8(data)}`;
}

export interface KsefNumberCheck {
  valid: boolean;
  /** Why the number is invalid (English). */
  reason?: string;
}

/**
 * Checks a KSeF number as numer-ksef.md describes: 35 characters, NIP, date, technical part
 * and the CRC-8 of the first 32 characters. Never throws.
 */
export function checkKsefNumber(value: string): KsefNumberCheck {
  if (typeof value !== 'string') return { valid: false, reason: 'not a string' };
  if (value.length !== NUMBER_LENGTH) {
    return {
      valid: false,
      reason: `a KSeF number has ${NUMBER_LENGTH} characters, this one ${value.length}`,
    };
  }
  if (value[10] !== '-' || value[19] !== '-' || value[32] !== '-') {
    return { valid: false, reason: 'expected NIP-YYYYMMDD-FFFFFFFFFFFF-CC (dashes at 11, 20, 33)' };
  }
  const problem = partsProblem(value.slice(0, 10), value.slice(11, 19), value.slice(20, 32));
  if (problem) return { valid: false, reason: problem };
  const checksum = value.slice(33);
  if (!isUpperHex(checksum)) {
    return { valid: false, reason: 'the checksum must be 2 upper-case hexadecimal characters' };
  }
  const expected = ksefCrc8(value.slice(0, DATA_LENGTH));
  if (checksum !== expected) {
    return { valid: false, reason: `checksum ${checksum} does not match the CRC-8 ${expected}` };
  }
  return { valid: true };
}
