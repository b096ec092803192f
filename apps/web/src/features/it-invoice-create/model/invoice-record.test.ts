import { describe, expect, it } from 'vitest';
import { canCreateCreditNote, payloadOfInvoice, variantOfInvoice } from './invoice-record';

describe('invoice record', () => {
  it('uses the simplified layout for FSM10 only', () => {
    expect(variantOfInvoice({ transmission_format: 'FSM10' })).toBe('simplified');
    expect(variantOfInvoice({ transmission_format: 'FPR12' })).toBe('standard');
    expect(variantOfInvoice({ transmission_format: 'FPA12' })).toBe('standard');
  });

  it('parses the stored payload and refuses what is not a JSON object', () => {
    expect(payloadOfInvoice({ payload: '{"fattura_elettronica_header":{}}' })).toEqual({
      fattura_elettronica_header: {},
    });
    expect(payloadOfInvoice({ payload: '<xml/>' })).toBeUndefined();
    expect(payloadOfInvoice({ payload: '"text"' })).toBeUndefined();
  });

  it('offers a credit note for sent invoices that are not credit notes themselves', () => {
    expect(canCreateCreditNote({ type: 0, document_type: 'TD01' })).toBe(true);
    expect(canCreateCreditNote({ type: 0, document_type: 'TD04' })).toBe(false);
    expect(canCreateCreditNote({ type: 0, document_type: 'TD08' })).toBe(false);
    expect(canCreateCreditNote({ type: 1, document_type: 'TD01' })).toBe(false);
  });
});
