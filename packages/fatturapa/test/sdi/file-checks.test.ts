import { describe, expect, it } from 'vitest';
import { isValidSdiFileName, romeDay, sdiFinding } from '../../src/checks/sdi/index.ts';

describe('SDI file name (00001)', () => {
  it.each([
    'IT01234567897_00001.xml',
    'IT01234567897_a1B2c.xml.p7m',
    'ITRSSMRA85T10A562S_00001.xml',
    'FR12345678901_1.zip',
    'DE12_00001.XML',
  ])('accepts %s', (name) => {
    expect(isValidSdiFileName(name)).toBe(true);
  });
  it.each([
    ['IT0123456789_00001.xml', 'Italian code of 10 characters'],
    ['IT01234567897_000001.xml', 'progressive of 6 characters'],
    ['IT01234567897-00001.xml', 'no underscore'],
    ['IT01234567897_00001.pdf', 'wrong extension'],
    ['IT01234567897_00.01.xml', 'dot in the progressive'],
  ])('refuses %s (%s)', (name) => {
    expect(isValidSdiFileName(name)).toBe(false);
  });
});

describe('helpers for other layers', () => {
  it('builds an SDI finding with its texts in it, en and pl', () => {
    expect(sdiFinding('00106')).toEqual({
      layer: 'sdi',
      code: '00106',
      propertyPath: '',
      message: 'File empty or corrupt',
      messageIt: 'File / archivio vuoto o corrotto',
      messages: {
        it: 'File / archivio vuoto o corrotto',
        en: 'File empty or corrupt',
        pl: 'Plik lub archiwum puste albo uszkodzone',
      },
    });
  });
  it('takes the reception day in Italy, summer and winter time', () => {
    expect(romeDay(new Date('2026-01-15T22:59:59Z'))).toBe('2026-01-15');
    expect(romeDay(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
    expect(romeDay(new Date('2026-07-15T21:59:59Z'))).toBe('2026-07-15');
    expect(romeDay(new Date('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
  });
  it('takes the right day around the clock changes, in any order of calls', () => {
    const days = [
      ['2026-03-28T23:00:00Z', '2026-03-29'],
      ['2026-03-28T22:59:59Z', '2026-03-28'],
      ['2026-03-29T21:59:59Z', '2026-03-29'],
      ['2026-03-29T22:00:00Z', '2026-03-30'],
      ['2026-10-24T22:00:00Z', '2026-10-25'],
      ['2026-10-24T21:59:59Z', '2026-10-24'],
      ['2026-10-25T22:59:59Z', '2026-10-25'],
      ['2026-10-25T23:00:00Z', '2026-10-26'],
      ['2026-10-25T23:59:59Z', '2026-10-26'],
      ['2026-10-25T22:00:00Z', '2026-10-25'],
      // Summer time of 1975, under Italy's own rules of the time.
      ['1975-06-01T22:30:00Z', '1975-06-02'],
      ['1975-01-01T22:30:00Z', '1975-01-01'],
    ];
    for (const [instant, day] of [...days, ...days.reverse()]) {
      expect(romeDay(new Date(instant ?? ''))).toBe(day);
    }
    expect(() => romeDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});
