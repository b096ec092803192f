import { describe, expect, it } from 'vitest';
import { formatInvoiceDate, formatInvoiceTimestamp, formatKilobytes } from './invoice-timestamp';

describe('invoice timestamps', () => {
  it('shows created_at as dd MMM yyyy HH:mm in the browser zone', () => {
    // The test setup runs in UTC unless TZ says otherwise; build the expectation the same way.
    const instant = '2026-03-05T08:07:00Z';
    const local = new Date(instant);
    const hh = String(local.getHours()).padStart(2, '0');
    const mm = String(local.getMinutes()).padStart(2, '0');
    expect(formatInvoiceTimestamp(instant, 'en')).toBe(`0${local.getDate()} Mar 2026 ${hh}:${mm}`);
    expect(formatInvoiceTimestamp('garbage', 'en')).toBe('garbage');
    expect(formatInvoiceTimestamp(null, 'en')).toBe('');
  });

  it('keeps calendar dates on their day and weights in KB with 2 decimals', () => {
    expect(formatInvoiceDate('2017-01-18', 'en')).toBe('18 Jan 2017');
    expect(formatKilobytes(4096, 'en')).toBe('4.00');
    expect(formatKilobytes(1000, 'en')).toBe('0.98');
  });
});
