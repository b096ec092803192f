import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultInvoiceFilters, invoicesTableKey, toInvoiceQuery } from './invoice-filters';
import { directionOfPath } from './invoice-paths';

describe('Polish invoice list filters', () => {
  it('open on the invoices created in the last 30 days, 00:00:00 to 23:59:59 local time', () => {
    const filters = defaultInvoiceFilters(dayjs('2026-12-07T15:30:00'));
    expect(filters['createdAt[after]']).toMatch(/^2026-11-07T00:00:00[+-]\d{2}:\d{2}$/);
    expect(filters['createdAt[before]']).toMatch(/^2026-12-07T23:59:59[+-]\d{2}:\d{2}$/);
    expect(filters['invoiceDate[after]']).toBe('');
    expect(filters['invoiceDate[before]']).toBe('');
  });

  it('asks for the direction, the invoice dates as days and the NIPs as digits', () => {
    expect(
      toInvoiceQuery(
        {
          page: '2',
          itemsPerPage: '30',
          invoiceStatus: 'confirmed',
          'invoiceDate[after]': '2026-11-01T00:00:00+01:00',
          'invoiceDate[before]': '2026-11-30T23:59:59+01:00',
          'createdAt[before]': '2026-12-07T23:59:59+01:00',
          invoiceCreatorNip: '526-025-02-74',
          invoiceRecipientNip: ' 521 301 72 28 ',
          invoiceNumber: '  ',
        },
        'outgoing',
      ),
    ).toEqual({
      direction: 'outgoing',
      page: '2',
      itemsPerPage: '30',
      invoiceStatus: 'confirmed',
      'invoiceDate[after]': '2026-11-01',
      'invoiceDate[before]': '2026-11-30',
      'createdAt[before]': '2026-12-07T23:59:59+01:00',
      invoiceCreatorNip: '5260250274',
      invoiceRecipientNip: '5213017228',
    });
  });

  it('knows each list by its path, and keeps their filters apart', () => {
    expect(directionOfPath('/gov-pl/outgoing-invoices')).toBe('outgoing');
    expect(directionOfPath('/gov-pl/incoming-invoices/')).toBe('incoming');
    expect(directionOfPath('/gov-pl/invoices/x')).toBeUndefined();
    expect(invoicesTableKey('outgoing')).not.toBe(invoicesTableKey('incoming'));
  });
});
