import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  apiDateBound,
  defaultInvoiceFilters,
  emptyInvoiceFilters,
  toInvoiceListQuery,
} from './invoice-filters';
import type { InvoiceFilters, InvoiceListRequest } from './invoice-filters';

function request(filters: Partial<InvoiceFilters>, extra: Partial<InvoiceListRequest> = {}) {
  return {
    direction: 0 as const,
    filters: { ...emptyInvoiceFilters, ...filters },
    page: 2,
    itemsPerPage: 30,
    order: null,
    ...extra,
  };
}

describe('toInvoiceListQuery', () => {
  it('sends invoice-date bounds as day start and day end without zone', () => {
    const query = toInvoiceListQuery(
      request({
        'invoiceDate[after]': '2026-03-01T00:00:00+01:00',
        'invoiceDate[before]': '2026-03-31T23:59:59+02:00',
      }),
    );
    expect(query['invoiceDate[after]']).toBe('2026-03-01 00:00:00');
    expect(query['invoiceDate[before]']).toBe('2026-03-31 23:59:59');
  });

  it('sends created-at bounds in the same form with the user zone offset', () => {
    const query = toInvoiceListQuery(
      request({
        'createdAt[after]': '2026-03-01T00:00:00+01:00',
        'createdAt[before]': '2026-03-02',
      }),
    );
    expect(query['createdAt[after]']).toBe('2026-03-01 00:00:00+01:00');
    expect(query['createdAt[before]']).toBe('2026-03-02 23:59:59');
  });

  it('drops bounds that are not dates', () => {
    expect(apiDateBound('yesterday', 'start', false)).toBeUndefined();
    expect(toInvoiceListQuery(request({ 'createdAt[after]': 'yesterday' }))).not.toHaveProperty(
      'createdAt[after]',
    );
  });

  it('ignores every other filter and asks for page 1 while a uuid is set', () => {
    const uuid = '52711c42-432c-4f1c-a130-68e6fd8597ba';
    const query = toInvoiceListQuery(
      request(
        {
          uuid: ` ${uuid} `,
          'invoiceDate[after]': '2026-03-01T00:00:00+01:00',
          invoiceNumber: '12',
          'marking[]': ['delivered'],
          downloaded: '1',
        },
        { order: { field: 'invoiceDate', direction: 'desc' } },
      ),
    );
    expect(query).toEqual({ type: '0', uuid, page: '1', itemsPerPage: '30' });
  });

  it('sends the invoice number only together with an invoice date', () => {
    expect(toInvoiceListQuery(request({ invoiceNumber: 'A-1' }))).not.toHaveProperty(
      'invoiceNumber',
    );
    expect(
      toInvoiceListQuery(
        request({ invoiceNumber: ' A-1 ', 'invoiceDate[before]': '2026-03-31T23:59:59Z' }),
      ).invoiceNumber,
    ).toBe('A-1');
  });

  it('maps flags to 1/0, markings of the direction and the allowed ordering', () => {
    const query = toInvoiceListQuery(
      request(
        {
          downloaded: '0',
          toPa: '1',
          signed: '',
          stamp: 'maybe',
          'marking[]': ['received', 'rejected', 'quarantena'],
          rejectedToFix: '1',
          'sender.fiscalId': ' IT01234567890 ',
        },
        { direction: 1, order: { field: 'invoiceNumber', direction: 'asc' } },
      ),
    );
    expect(query).toEqual({
      type: '1',
      page: '2',
      itemsPerPage: '30',
      downloaded: '0',
      toPa: '1',
      'marking[]': ['received', 'quarantena'],
      'sender.fiscalId': 'IT01234567890',
      'order[invoiceNumber]': 'asc',
    });
    expect(
      toInvoiceListQuery(request({}, { order: { field: 'createdAt', direction: 'asc' } })),
    ).not.toHaveProperty('order[createdAt]');
    expect(toInvoiceListQuery(request({ rejectedToFix: '1' })).rejectedToFix).toBe('1');
  });

  it('sends paid=true|false for customer invoices only', () => {
    expect(toInvoiceListQuery(request({ paid: 'true' })).paid).toBe('true');
    expect(toInvoiceListQuery(request({ paid: 'false' })).paid).toBe('false');
    expect(toInvoiceListQuery(request({ paid: '' }))).not.toHaveProperty('paid');
    expect(toInvoiceListQuery(request({ paid: '1' }))).not.toHaveProperty('paid');
    expect(toInvoiceListQuery(request({ paid: 'true' }, { direction: 1 }))).not.toHaveProperty(
      'paid',
    );
  });
});

describe('defaultInvoiceFilters', () => {
  it('covers one month ago to today', () => {
    const filters = defaultInvoiceFilters(dayjs('2026-03-31T15:00:00'));
    const query = toInvoiceListQuery(request(filters));
    expect(query['invoiceDate[after]']).toBe('2026-02-28 00:00:00');
    expect(query['invoiceDate[before]']).toBe('2026-03-31 23:59:59');
  });
});
