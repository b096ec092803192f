import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkKsefNumber, ksefCrc8, makeKsefNumber } from '../src/number/ksef-number.ts';

// docs/faktury/numer-ksef.md, "Przykład".
const DOCUMENTED = '5265877635-20250826-0100001AF629-AF';

// Every printable ASCII character, plus characters that look like digits or letters.
const REPLACEMENTS = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)),
  '\u0000',
  '\t',
  '\u0105', // ą
  '\u0104', // Ą: its low byte is 0x04
  '\u0141', // Ł: its low byte is 0x41 ('A')
  '\uff10', // fullwidth 0
  '\u0660', // Arabic-Indic zero
];

describe('KSeF number (numer-ksef.md)', () => {
  it('accepts the documented example and makes it from its parts', () => {
    expect(checkKsefNumber(DOCUMENTED)).toEqual({ valid: true });
    expect(makeKsefNumber('5265877635', '20250826', '0100001AF629')).toBe(DOCUMENTED);
    expect(ksefCrc8('5265877635-20250826-0100001AF629')).toBe('AF');
  });

  it('accepts the numbers of the Ministry UPO v4-3 samples', () => {
    expect(checkKsefNumber('5265877635-20250916-0200A0D6723E-C2').valid).toBe(true);
  });

  it('refuses every one-character substitution, deletion and insertion of the example', () => {
    const accepted: string[] = [];
    let tried = 0;
    for (let position = 0; position <= DOCUMENTED.length; position += 1) {
      const variants: string[] = [];
      if (position < DOCUMENTED.length) {
        variants.push(DOCUMENTED.slice(0, position) + DOCUMENTED.slice(position + 1));
        for (const character of REPLACEMENTS) {
          if (character === DOCUMENTED[position]) continue;
          variants.push(DOCUMENTED.slice(0, position) + character + DOCUMENTED.slice(position + 1));
        }
      }
      for (const character of REPLACEMENTS) {
        variants.push(DOCUMENTED.slice(0, position) + character + DOCUMENTED.slice(position));
      }
      for (const variant of variants) {
        tried += 1;
        const result = checkKsefNumber(variant);
        if (result.valid || !result.reason) accepted.push(variant);
      }
    }
    expect(accepted).toEqual([]);
    expect(tried).toBeGreaterThan(35 * REPLACEMENTS.length * 2);
  });

  it('says why a number is refused', () => {
    expect(checkKsefNumber('5265877635-20250826-0100001AF629-AE').reason).toBe(
      'checksum AE does not match the CRC-8 AF',
    );
    expect(checkKsefNumber('5265877635-20250826-0100001af629-AF').reason).toMatch(
      /upper-case hexadecimal/,
    );
    expect(checkKsefNumber('5265877635-20250230-0100001AF629-AF').reason).toBe(
      'the date 20250230 is not a calendar day',
    );
    expect(checkKsefNumber('5265877635-20250826-0100001AF629').reason).toMatch(/35 characters/);
    expect(checkKsefNumber('').valid).toBe(false);
  });

  it('refuses to make a number from a wrong part, saying which', () => {
    expect(() => makeKsefNumber('526587763', '20250826', '0100001AF629')).toThrow(/NIP/);
    expect(() => makeKsefNumber('5265877635', '20251301', '0100001AF629')).toThrow(/calendar/);
    expect(() => makeKsefNumber('5265877635', '20250826', '0100001af629')).toThrow(/technical/);
  });

  it('any text: checked without throwing; a valid one is the number its parts make', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 40 })), (text) => {
        const result = checkKsefNumber(text);
        if (result.valid) {
          expect(makeKsefNumber(text.slice(0, 10), text.slice(11, 19), text.slice(20, 32))).toBe(
            text,
          );
        } else {
          expect(result.reason).toBeTruthy();
          expect(result.reasonPl).toBeTruthy();
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('any made number is valid and refuses every change of one of its characters', () => {
    const hex = fc.constantFrom(...'0123456789ABCDEF');
    const parts = fc.record({
      nip: fc.stringMatching(/^\d{10}$/),
      day: fc.date({
        min: new Date('2022-01-01'),
        max: new Date('2099-12-31'),
        noInvalidDate: true,
      }),
      technical: fc.array(hex, { minLength: 12, maxLength: 12 }).map((chars) => chars.join('')),
      position: fc.nat(34),
      replacement: fc.constantFrom(...'0123456789ABCDEFabcdef-X '),
    });
    fc.assert(
      fc.property(parts, ({ nip, day, technical, position, replacement }) => {
        const yyyymmdd = day.toISOString().slice(0, 10).replaceAll('-', '');
        const number = makeKsefNumber(nip, yyyymmdd, technical);
        expect(checkKsefNumber(number)).toEqual({ valid: true });
        if (number[position] === replacement) return;
        const changed = number.slice(0, position) + replacement + number.slice(position + 1);
        expect(checkKsefNumber(changed).valid).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});
