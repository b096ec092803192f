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
  it('builds an SDI finding with both texts', () => {
    expect(sdiFinding('00106')).toEqual({
      layer: 'sdi',
      code: '00106',
      propertyPath: '',
      message: 'File empty or corrupt',
      messageIt: 'File / archivio vuoto o corrotto',
    });
  });
  it('takes the reception day in Italy, summer and winter time', () => {
    expect(romeDay(new Date('2026-01-15T22:59:59Z'))).toBe('2026-01-15');
    expect(romeDay(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
    expect(romeDay(new Date('2026-07-15T21:59:59Z'))).toBe('2026-07-15');
    expect(romeDay(new Date('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
  });
});
