import { describe, expect, it } from 'vitest';
import {
  sampleObCard,
  sampleObCurrentAccount,
  sampleObDepositAccount,
  sampleObInactiveRegistry,
  sampleObRegistry,
} from '../../../test/handlers/ob';
import {
  invoicePaymentSchema,
  newInvoicePaymentValues,
  preselectedAccount,
  receivesPayments,
  senderFirst,
  toInvoicePaymentRequest,
  type PayableAccount,
} from './invoice-payment-form';

const savings = { ...sampleObCurrentAccount, uuid: 'savings', nature: 'savings' as const };
const other = {
  account: {
    ...sampleObCurrentAccount,
    uuid: 'other',
    fiscalId: sampleObInactiveRegistry.fiscalId,
  },
  registry: sampleObInactiveRegistry,
};
const ofSender = (account: typeof sampleObCurrentAccount): PayableAccount => ({
  account,
  registry: sampleObRegistry,
});

describe('the accounts of an invoice payment', () => {
  it('are enabled, in EUR and with an IBAN', () => {
    expect(receivesPayments(sampleObCurrentAccount)).toBe(true);
    expect(receivesPayments(sampleObCard)).toBe(false);
    expect(receivesPayments(sampleObDepositAccount)).toBe(false);
    expect(receivesPayments({ ...sampleObCurrentAccount, currencyCode: 'USD' })).toBe(false);
  });

  it("put the sender's registry first", () => {
    expect(
      senderFirst([sampleObInactiveRegistry, sampleObRegistry], [sampleObRegistry.fiscalId]),
    ).toEqual([sampleObRegistry, sampleObInactiveRegistry]);
  });

  it("preselect the sender's current account, else the only one there is", () => {
    const sender = [sampleObRegistry.fiscalId];
    expect(
      preselectedAccount([other, ofSender(savings), ofSender(sampleObCurrentAccount)], sender),
    ).toBe(sampleObCurrentAccount.uuid);
    expect(preselectedAccount([other, ofSender(savings)], sender)).toBe('savings');
    expect(preselectedAccount([other], sender)).toBe('other');
    expect(preselectedAccount([other, ofSender(savings)], ['IT000'])).toBe('');
  });
});

describe('the invoice payment form', () => {
  const invoice = {
    invoiceUuid: '6b0d7f0e-3c1a-4e55-9d3b-2f8a4c1e7a10',
    invoiceNumber: 'FT-43',
    senderFiscalIds: [sampleObRegistry.fiscalId],
    amountOwed: '500.00',
  };

  it('starts with what is owed and the invoice number', () => {
    expect(newInvoicePaymentValues(invoice, [ofSender(sampleObCurrentAccount)])).toEqual({
      accountUuid: sampleObCurrentAccount.uuid,
      system: 'sepa',
      amount: '500.00',
      currencyCode: 'EUR',
      description: 'Fattura FT-43',
      email: '',
    });
    expect(newInvoicePaymentValues({ ...invoice, invoiceNumber: null }, []).description).toBe('');
  });

  it('sends the invoice with the request', () => {
    const values = invoicePaymentSchema.parse({
      ...newInvoicePaymentValues(invoice, [ofSender(sampleObCurrentAccount)]),
      amount: '499,9',
    });
    expect(toInvoicePaymentRequest(invoice.invoiceUuid, values)).toEqual({
      accountUuid: sampleObCurrentAccount.uuid,
      amount: '499.90',
      currencyCode: 'EUR',
      description: 'Fattura FT-43',
      email: null,
      invoiceUuid: invoice.invoiceUuid,
    });
  });

  it('keeps the amount rules of SEPA Instant', () => {
    const result = invoicePaymentSchema.safeParse({
      ...newInvoicePaymentValues(invoice, [ofSender(sampleObCurrentAccount)]),
      system: 'sepa_instant',
      amount: '100000.01',
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['amount']);
  });
});
