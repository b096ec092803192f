import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../src/render/date-format.ts';
import {
  base64DecodedSize,
  formatByteSize,
  formatDecimal,
  formatMoney,
  formatRate,
} from '../../src/render/number-format.ts';

describe('money formatting', () => {
  it('writes euros the Italian and the English way', () => {
    expect(formatMoney('1234.56', 'EUR', 'it')).toBe('1.234,56\u00a0€');
    expect(formatMoney('1234.56', 'EUR', 'en')).toBe('€1,234.56');
  });

  it('keeps every digit of amounts too large or too precise for a binary float', () => {
    expect(formatMoney('12345678901234567.89', 'EUR', 'it')).toBe(
      '12.345.678.901.234.567,89\u00a0€',
    );
    expect(formatDecimal('0.10000001', 'en')).toBe('0.10000001');
    expect(formatDecimal('1.50000000', 'it')).toBe('1,50');
  });

  it('pads to two decimals and signs negative amounts before the symbol', () => {
    expect(formatMoney('5', 'EUR', 'it')).toBe('5,00\u00a0€');
    expect(formatMoney('-0.5', 'EUR', 'en')).toBe('-€0.50');
    expect(formatMoney('-1000.00', 'EUR', 'it')).toBe('-1.000,00\u00a0€');
    expect(formatMoney('-0.00', 'EUR', 'en')).toBe('€0.00');
  });

  it('uses the ISO code for currencies without a common symbol', () => {
    expect(formatMoney('10.00', 'CHF', 'it')).toBe('10,00\u00a0CHF');
    expect(formatMoney('10.00', 'CHF', 'en')).toBe('CHF\u00a010.00');
    expect(formatMoney('10.00', 'USD', 'en')).toBe('$10.00');
  });

  it('shows text that is not a number as written', () => {
    expect(formatMoney('abc', 'EUR', 'it')).toBe('abc');
    expect(formatDecimal('1.2.3', 'it')).toBe('1.2.3');
  });

  it('formats VAT rates as percentages', () => {
    expect(formatRate('22.00', 'it')).toBe('22,00%');
    expect(formatRate('4', 'en')).toBe('4.00%');
  });
});

describe('date formatting', () => {
  it('writes dates dd/MM/yyyy in Italian and with a month name in English', () => {
    expect(formatDate('2014-12-18', 'it')).toBe('18/12/2014');
    expect(formatDate('2014-12-08', 'en')).toBe('8 Dec 2014');
  });

  it('keeps the calendar day and shows the zone a date was written with', () => {
    expect(formatDate('2014-12-18+01:00', 'it')).toBe('18/12/2014 (UTC+01:00)');
    expect(formatDate('2014-12-18Z', 'en')).toBe('18 Dec 2014 (UTC)');
  });

  it('shows date-times with their offset, or says that none was given', () => {
    expect(formatDateTime('2012-10-22T16:46:12.000+02:00', 'it')).toBe(
      '22/10/2012 16:46:12 (UTC+02:00)',
    );
    expect(formatDateTime('2012-10-22T16:46:12', 'en')).toBe(
      '22 Oct 2012 16:46:12 (time zone not given)',
    );
  });

  it('returns text that is not a date unchanged', () => {
    expect(formatDate('18/12/2014', 'it')).toBe('18/12/2014');
    expect(formatDate('', 'it')).toBe('');
  });
});

describe('attachment sizes', () => {
  it('computes the decoded size of base64 without decoding it', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 1000, 4097]) {
      const base64 = Buffer.alloc(length, 7).toString('base64');
      const wrapped = base64.replace(/(.{76})/g, '$1\r\n');
      expect(base64DecodedSize(wrapped)).toBe(length);
    }
  });

  it('writes sizes in bytes, KB or MB with the exact count', () => {
    expect(formatByteSize(512, 'it')).toBe('512\u00a0B');
    expect(formatByteSize(13383, 'it')).toBe('13,1\u00a0KB (13.383\u00a0B)');
    expect(formatByteSize(2_500_000, 'en')).toBe('2.4\u00a0MB (2,500,000\u00a0B)');
  });
});
