import { describe, expect, it } from 'vitest';
import { invoicePayment } from './invoice-payment';

const invoice = { paid: false, paid_amount: null, paid_at: null, invoiceTotal: '800.00' };

describe('invoicePayment', () => {
  it('is paid when the API says so, with its day when known', () => {
    expect(
      invoicePayment({ ...invoice, paid: true, paid_amount: '800.00', paid_at: '2026-03-20' }),
    ).toEqual({ state: 'paid', paidAt: '2026-03-20' });
    expect(invoicePayment({ ...invoice, paid: true })).toEqual({ state: 'paid', paidAt: null });
  });

  it('is partly paid for a positive amount short of full payment', () => {
    expect(invoicePayment({ ...invoice, paid_amount: '0.01' })).toEqual({
      state: 'partlyPaid',
      paidAmount: '0.01',
      total: '800.00',
    });
    expect(invoicePayment({ ...invoice, paid_amount: '300', invoiceTotal: null })).toEqual({
      state: 'partlyPaid',
      paidAmount: '300',
      total: null,
    });
  });

  it('is not paid without an amount, with a zero one, or with one that is no decimal', () => {
    expect(invoicePayment(invoice)).toEqual({ state: 'unpaid' });
    expect(invoicePayment({ paid_amount: undefined, invoiceTotal: null })).toEqual({
      state: 'unpaid',
    });
    expect(invoicePayment({ ...invoice, paid_amount: '0.00' })).toEqual({ state: 'unpaid' });
    expect(invoicePayment({ ...invoice, paid_amount: '0.004' })).toEqual({ state: 'unpaid' });
    expect(invoicePayment({ ...invoice, paid_amount: 'n/a' })).toEqual({ state: 'unpaid' });
  });
});
