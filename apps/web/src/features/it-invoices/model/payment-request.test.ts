import { describe, expect, it } from 'vitest';
import { partlyPaidInvoice, sampleInvoice, unpaidInvoice } from '../../../test/handlers/invoices';
import { amountOwed, amountToPayCents, paymentRequestOf } from './payment-request';

function payload(body: Record<string, unknown>): string {
  return JSON.stringify({ fattura_elettronica_body: [body] });
}

const documentTotal = (amount: string) => ({
  dati_generali: { dati_generali_documento: { importo_totale_documento: amount } },
});

describe('amountToPayCents', () => {
  it('sums the ImportoPagamento of every DatiPagamento', () => {
    const invoice = {
      invoiceTotal: '1220.00',
      payload: payload({
        ...documentTotal('1220.00'),
        dati_pagamento: [
          { dettaglio_pagamento: [{ importo_pagamento: '500.10' }, { importo_pagamento: '300' }] },
          { dettaglio_pagamento: [{ importo_pagamento: '0.20' }] },
        ],
      }),
    };
    expect(amountToPayCents(invoice)).toBe(80030n);
  });

  it('falls back on ImportoTotaleDocumento, then on the total the API reports', () => {
    expect(
      amountToPayCents({ invoiceTotal: '9.00', payload: payload(documentTotal('122.5')) }),
    ).toBe(12250n);
    expect(amountToPayCents({ invoiceTotal: '9.00', payload: payload({}) })).toBe(900n);
    expect(amountToPayCents({ invoiceTotal: '9.00', payload: 'not json' })).toBe(900n);
    expect(amountToPayCents({ invoiceTotal: null, payload: '{}' })).toBeNull();
  });
});

describe('amountOwed', () => {
  it('is what is left once the paid amount is taken off, in cents', () => {
    expect(amountOwed({ invoiceTotal: '0.30', payload: '{}', paid_amount: '0.10' })).toBe('0.20');
    expect(amountOwed({ invoiceTotal: '150', payload: '{}', paid_amount: null })).toBe('150.00');
  });

  it('is null when nothing is left', () => {
    expect(amountOwed({ invoiceTotal: '10.00', payload: '{}', paid_amount: '10.00' })).toBeNull();
    expect(amountOwed({ invoiceTotal: '10.00', payload: '{}', paid_amount: '12.00' })).toBeNull();
  });
});

describe('paymentRequestOf', () => {
  it('offers the amount owed of a customer invoice not paid in full', () => {
    expect(paymentRequestOf(partlyPaidInvoice)).toEqual({
      invoiceUuid: partlyPaidInvoice.uuid,
      invoiceNumber: 'FT-43',
      senderFiscalIds: ['01234567897'],
      amountOwed: '500.00',
    });
    expect(paymentRequestOf(unpaidInvoice)?.amountOwed).toBe('150.00');
  });

  it('offers nothing for a paid, supplier, credit-note or refused invoice', () => {
    expect(paymentRequestOf(sampleInvoice)).toBeNull();
    expect(paymentRequestOf({ ...unpaidInvoice, type: 1 })).toBeNull();
    expect(paymentRequestOf({ ...unpaidInvoice, document_type: 'TD04' })).toBeNull();
    expect(paymentRequestOf({ ...unpaidInvoice, marking: 'rejected' })).toBeNull();
  });
});
