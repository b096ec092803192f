import { describe, expect, it } from 'vitest';
import { formatDecimalOnBlur } from './decimal-format';
import {
  newProgressivoInvio,
  newSimplifiedInvoiceValues,
  newStandardInvoiceValues,
  todayInItaly,
} from './invoice-form-defaults';
import { toInvoicePayload } from './invoice-payload';
import { stripEmpty } from './strip-empty';
import { fieldOfNullTypeMessage, toFormFieldPath } from './violation-paths';

describe('formatDecimalOnBlur', () => {
  it('turns a comma into a dot and writes amounts with 2 decimals', () => {
    expect(formatDecimalOnBlur('1,5', 'amount')).toBe('1.50');
    expect(formatDecimalOnBlur('22', 'amount')).toBe('22.00');
    expect(formatDecimalOnBlur('0.125', 'amount')).toBe('0.13');
  });

  it('keeps the typed precision of prices between 2 and 8 decimals', () => {
    expect(formatDecimalOnBlur('1,123456', 'price')).toBe('1.123456');
    expect(formatDecimalOnBlur('3', 'price')).toBe('3.00');
    expect(formatDecimalOnBlur('0.1234567891', 'price')).toBe('0.12345679');
  });

  it('leaves what is not a number for the schema to flag', () => {
    expect(formatDecimalOnBlur('abc', 'amount')).toBe('abc');
    expect(formatDecimalOnBlur('  ', 'price')).toBe('');
  });
});

describe('toFormFieldPath', () => {
  it('maps snake_case paths with indexes onto form names', () => {
    expect(
      toFormFieldPath(
        'fattura_elettronica_body[0].dati_beni_servizi.dettaglio_linee[2].prezzo_totale',
      ),
    ).toBe('fattura_elettronica_body.0.dati_beni_servizi.dettaglio_linee.2.prezzo_totale');
  });

  it('maps camelCase paths with the acronyms of the model', () => {
    expect(
      toFormFieldPath(
        'fatturaElettronicaHeader.cedentePrestatore.datiAnagrafici.idFiscaleIVA.idCodice',
      ),
    ).toBe(
      'fattura_elettronica_header.cedente_prestatore.dati_anagrafici.id_fiscale_iva.id_codice',
    );
    expect(toFormFieldPath('fatturaElettronicaBody[0].datiGenerali.datiDDT[1].numeroDDT')).toBe(
      'fattura_elettronica_body.0.dati_generali.dati_ddt.1.numero_ddt',
    );
    expect(toFormFieldPath('datiPagamento[0].dettaglioPagamento[0].IBAN')).toBe(
      'dati_pagamento.0.dettaglio_pagamento.0.iban',
    );
    expect(toFormFieldPath('dettaglioPagamento[0].ABI')).toBe('dettaglio_pagamento.0.abi');
    expect(toFormFieldPath('dati_riepilogo[0].aliquota_i_v_a')).toBe(
      'dati_riepilogo.0.aliquota_iva',
    );
  });

  it('finds the field named by a "null given" type message', () => {
    expect(
      fieldOfNullTypeMessage(
        'The type of the "prezzoUnitario" attribute for class "Linea" must be one of "string" ("null" given).',
      ),
    ).toBe('prezzo_unitario');
    expect(fieldOfNullTypeMessage('This value should not be blank.')).toBeUndefined();
  });
});

describe('stripEmpty', () => {
  it('drops blank texts, then the arrays and objects they leave empty', () => {
    expect(
      stripEmpty({
        a: '',
        b: ' ',
        c: 'x',
        d: { e: '' },
        f: [],
        g: ['', 'y'],
        h: [{ i: '' }],
        j: null,
      }),
    ).toEqual({ c: 'x', g: ['y'] });
  });
});

describe('toInvoicePayload', () => {
  it('recomputes totals, renumbers lines and forces the credit-note type', () => {
    const values = newStandardInvoiceValues(undefined, '2026-01-31');
    const body = values.fattura_elettronica_body[0]!;
    body.dati_beni_servizi.dettaglio_linee = [
      {
        ...body.dati_beni_servizi.dettaglio_linee[0]!,
        numero_linea: '7',
        prezzo_unitario: '10.00',
      },
    ];
    const payload = toInvoicePayload(values, 'standard', 'credit-note');
    const document = payload.fattura_elettronica_body[0]!.dati_generali.dati_generali_documento;
    expect(document.tipo_documento).toBe('TD04');
    expect('importo_totale_documento' in document && document.importo_totale_documento).toBe(
      '12.20',
    );
    expect(JSON.stringify(payload)).not.toContain('""');
  });
});

describe('todayInItaly', () => {
  it('uses the calendar day in Rome, not the browser zone', () => {
    // 23:30 UTC on 31 December is already 1 January in Rome (UTC+1 in winter).
    expect(todayInItaly(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

describe('newProgressivoInvio', () => {
  it('gives new invoices a transmission number the schema accepts', () => {
    const standard = newStandardInvoiceValues().fattura_elettronica_header.dati_trasmissione;
    const simplified = newSimplifiedInvoiceValues().fattura_elettronica_header.dati_trasmissione;
    for (const value of [standard.progressivo_invio, simplified.progressivo_invio]) {
      expect(value).toMatch(/^[A-Z0-9]{1,10}$/);
    }
  });

  it('never repeats an earlier number: later instants give greater base-36 numbers', () => {
    const earlier = newProgressivoInvio(Date.UTC(2026, 10, 22, 10, 0, 0));
    const later = newProgressivoInvio(Date.UTC(2026, 10, 22, 10, 0, 1));
    expect(later).not.toBe(earlier);
    expect(parseInt(later, 36)).toBeGreaterThan(parseInt(earlier, 36));
  });
});
