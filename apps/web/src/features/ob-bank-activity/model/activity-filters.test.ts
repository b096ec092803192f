import { obPaymentSystems, obTransactionStatuses } from '@fiscus/contracts';
import { describe, expect, it } from 'vitest';
import { confirmRequest, percent } from './match';
import {
  PAYMENT_SYSTEMS,
  toActivityQuery,
  TRANSACTION_STATUSES,
  withQuery,
} from './activity-filters';

describe('toActivityQuery', () => {
  it('sends plain days, repeats multi-valued keys and names the account filter as the API', () => {
    const pairs = toActivityQuery({
      page: '1',
      itemsPerPage: '30',
      account: ['a', 'b'],
      system: ['sepa'],
      'madeOn[after]': '2026-11-02T00:00:00+01:00',
      'madeOn[before]': '2026-12-02T23:59:59+01:00',
    });
    expect(withQuery('/x', pairs)).toBe(
      '/x?page=1&itemsPerPage=30&account.uuid=a&account.uuid=b&system=sepa' +
        '&madeOn%5Bafter%5D=2026-11-02&madeOn%5Bbefore%5D=2026-12-02',
    );
  });
});

describe('confirmRequest', () => {
  it('gives the invoice the smaller of the transaction and its open amount, exactly', () => {
    expect(confirmRequest({ amount: '854.00' }, { uuid: 'u', openAmount: '900.00' })).toEqual({
      invoices: [{ uuid: 'u', amount: '854.00' }],
    });
    expect(confirmRequest({ amount: '1000.10' }, { uuid: 'u', openAmount: '0.30' })).toEqual({
      invoices: [{ uuid: 'u', amount: '0.30' }],
    });
    expect(percent(0.725)).toBe(73);
  });
});

describe('the choices of the filters', () => {
  it('are the contract’s', () => {
    expect(PAYMENT_SYSTEMS).toEqual(obPaymentSystems);
    expect(TRANSACTION_STATUSES).toEqual(obTransactionStatuses);
  });
});
