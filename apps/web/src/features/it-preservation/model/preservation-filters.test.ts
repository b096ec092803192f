import { describe, expect, it } from 'vitest';
import { documentTypeOf, toPreservationQuery, weightKb } from './preservation-filters';

describe('the preservation documents list', () => {
  it('asks for a known type only, with the other filters as its query', () => {
    expect(documentTypeOf({ document_type: 'supplier-invoice' })).toBe('supplier-invoice');
    expect(documentTypeOf({ document_type: '../receipts' })).toBeNull();
    expect(documentTypeOf({})).toBeNull();
    expect(
      toPreservationQuery({
        document_type: 'customer-invoice',
        status: 'stored',
        'created_at[after]': '2026-12-01T00:00:00+01:00',
        page: '2',
      }),
    ).toEqual({ status: 'stored', 'created_at[after]': '2026-12-01T00:00:00+01:00', page: '2' });
    expect(toPreservationQuery({ status: 'lost' })).toEqual({});
  });

  it('shows sizes in KB with two decimals in the language of the user', () => {
    expect(weightKb(2621, 'it')).toBe('2,56');
    expect(weightKb(1024 * 1500, 'en')).toBe('1,500.00');
  });
});
