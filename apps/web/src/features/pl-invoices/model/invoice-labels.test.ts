import { PL_ACCESS_CODE, plInvoiceStatuses, plInvoiceTypes } from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_MINUTES } from './access-code';
import {
  grossAmountText,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  offlineDeadlineDay,
  safeFileName,
  statusColor,
} from './invoice-labels';

describe('Polish invoice labels', () => {
  it('offers exactly the contract’s statuses and types', () => {
    expect([...INVOICE_STATUSES]).toEqual([...plInvoiceStatuses]);
    expect([...INVOICE_TYPES]).toEqual([...plInvoiceTypes]);
    expect(ACCESS_CODE_MINUTES).toBe(PL_ACCESS_CODE.minutes);
  });

  it('colours the statuses as spec 4 says, and those it leaves open sensibly', () => {
    expect(
      Object.fromEntries(INVOICE_STATUSES.map((status) => [status, statusColor(status)])),
    ).toEqual({
      valid: 'neutral',
      sent: 'primary',
      delivered: 'warning',
      confirmed: 'success',
      received: 'info',
      rejected: 'error',
      error: 'error',
      unknown: 'neutral',
    });
    expect(statusColor('archived')).toBe('neutral');
  });

  it('writes the gross amount from its decimal text, in złoty unless the invoice says otherwise', () => {
    const nbsp = /\s/g;
    expect(
      grossAmountText({ grossAmount: '12345.67', currencyCode: 'PLN' }, 'pl').replace(nbsp, ' '),
    ).toBe('12 345,67 zł');
    expect(grossAmountText({ grossAmount: '0.10', currencyCode: 'EUR' }, 'en')).toBe('€0.10');
    // Beyond a double's precision: the digits stay as sent.
    expect(
      grossAmountText({ grossAmount: '90071992547409.93', currencyCode: null }, 'en').replace(
        nbsp,
        ' ',
      ),
    ).toBe('PLN 90,071,992,547,409.93');
    expect(grossAmountText({ grossAmount: null, currencyCode: 'PLN' }, 'en')).toBe('');
  });

  it('gives the offline deadline as a day of the Polish calendar', () => {
    expect(offlineDeadlineDay('2026-12-01')).toBe('2026-12-01');
    // 23:30 UTC on 30 November is already 1 December in Warsaw.
    expect(offlineDeadlineDay('2026-11-30T23:30:00Z')).toBe('2026-12-01');
    expect(offlineDeadlineDay(null)).toBeNull();
  });

  it('makes file names of invoice numbers with slashes', () => {
    expect(safeFileName('FV/2026/11/001.xml')).toBe('FV_2026_11_001.xml');
    expect(safeFileName('..')).toBe('invoice');
  });
});
