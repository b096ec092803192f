import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fieldError,
  isValidCap,
  isValidCodiceDestinatario,
  isValidCodiceFiscale,
  isValidIban,
  isValidNazione,
  isValidPartitaIva,
  isValidProvincia,
  runFieldChecks,
} from '../../src/checks/field/index.ts';
import { loadSample, validOrdinary, validSimplified } from '../sdi/fixtures.ts';

describe('isValidPartitaIva', () => {
  it.each(['01234567897', '12345678903', '06363391001'])('accepts %s', (value) => {
    expect(isValidPartitaIva(value)).toBe(true);
  });
  it.each([
    ['01234567890', 'wrong check digit'],
    ['0123456789', '10 digits'],
    ['0123456789A', 'a letter'],
    ['00000000000', 'all zeros'],
    ['', 'empty'],
  ])('refuses %s (%s)', (value) => {
    expect(isValidPartitaIva(value)).toBe(false);
  });
  it('refuses every single-digit change of a valid number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }), (at, delta) => {
        const valid = '12345678903';
        const digit = (Number(valid[at]) + delta) % 10;
        const changed = valid.slice(0, at) + String(digit) + valid.slice(at + 1);
        return !isValidPartitaIva(changed);
      }),
    );
  });
});

describe('isValidCodiceFiscale', () => {
  it.each([
    ['RSSMRA85T10A562S', 'a man'],
    ['BNCMRA80A01D548T', 'another person'],
    ['RSSMRA85T10A56NH', 'omocodia on the last digit'],
    ['RSSMRA85T50A562W', 'a woman (day + 40)'],
    ['12345678903', 'an 11-digit company code'],
  ])('accepts %s (%s)', (value) => {
    expect(isValidCodiceFiscale(value)).toBe(true);
  });
  it.each([
    ['RSSMRA85T10A562X', 'wrong check letter'],
    ['RSSMRA85T10A56NS', 'omocodia without recomputing the check letter'],
    ['RSSMRA85Z10A562S', 'Z is not a month'],
    ['RSSMRA85T35A562S', 'day 35'],
    ['rssmra85t10a562s', 'lower case'],
    ['12345678901', '11 digits with a wrong check digit'],
    ['RSSMRA85T10A562', '15 characters'],
  ])('refuses %s (%s)', (value) => {
    expect(isValidCodiceFiscale(value)).toBe(false);
  });
});

describe('isValidIban', () => {
  it.each([
    'IT60X0542811101000000123456',
    'GB82WEST12345698765432',
    'DE89370400440532013000',
    'IT60 X054 2811 1010 0000 0123 456',
  ])('accepts %s', (value) => {
    expect(isValidIban(value)).toBe(true);
  });
  it.each([
    ['IT60X0542811101000000123457', 'wrong mod-97'],
    ['IT60X054281110100000012345', 'too short for IT'],
    ['DE89370400440532013000X', 'too long for DE'],
    ['ZZ89370400440532013000', 'unknown country'],
    ['IT37F0301503200000005796511', 'the realworld sample with a typo'],
  ])('refuses %s (%s)', (value) => {
    expect(isValidIban(value)).toBe(false);
  });
});

describe('codes and lists', () => {
  it('checks the codice destinatario length against the format', () => {
    expect(isValidCodiceDestinatario('UFABCD', 'FPA12')).toBe(true);
    expect(isValidCodiceDestinatario('ABC1234', 'FPA12')).toBe(false);
    expect(isValidCodiceDestinatario('ABC1234', 'FPR12')).toBe(true);
    expect(isValidCodiceDestinatario('UFABCD', 'FPR12')).toBe(false);
    expect(isValidCodiceDestinatario('0000000')).toBe(true);
    expect(isValidCodiceDestinatario('abc1234')).toBe(false);
  });
  it('checks CAP, provincia and nazione', () => {
    expect(isValidCap('00145')).toBe(true);
    expect(isValidCap('0014')).toBe(false);
    expect(isValidCap('0014A')).toBe(false);
    expect(isValidProvincia('RM')).toBe(true);
    expect(isValidProvincia('SU')).toBe(true);
    expect(isValidProvincia('AK')).toBe(false);
    expect(isValidProvincia('rm')).toBe(false);
    expect(isValidNazione('IT')).toBe(true);
    expect(isValidNazione('SM')).toBe(true);
    expect(isValidNazione('UK')).toBe(false);
    expect(isValidNazione('XX')).toBe(false);
  });
});

describe('fieldError', () => {
  it('gives no message for a valid or empty value', () => {
    expect(fieldError('partitaIva', '01234567897', 'en')).toBeUndefined();
    expect(fieldError('partitaIva', '', 'it')).toBeUndefined();
    expect(fieldError('iban', null, 'it')).toBeUndefined();
  });
  it('translates the message of an invalid value', () => {
    expect(fieldError('cap', '123', 'en')).toBe('Not a valid postal code: 5 digits');
    expect(fieldError('cap', '123', 'it')).toBe('CAP non valido: 5 cifre');
    expect(fieldError('codiceDestinatario', 'ABC1234', 'en', 'FPA12')).toMatch(/6 characters/);
  });
});

describe('runFieldChecks', () => {
  it('finds nothing in the official FPR01 with valid identifiers (carrier VAT fixed)', () => {
    const invoice = validOrdinary();
    const carrier = invoice.fattura_elettronica_body[0]?.dati_generali.dati_trasporto;
    if (carrier?.dati_anagrafici_vettore) {
      carrier.dati_anagrafici_vettore.id_fiscale_iva.id_codice = '12345678903';
    }
    expect(runFieldChecks(invoice, 'FPR12')).toEqual([]);
  });

  it('reports the placeholder identifiers of the official sample with their paths', () => {
    const { invoice, format } = loadSample('v1.2.2/IT01234567890_FPR01.xml');
    const findings = runFieldChecks(invoice, format);
    expect(findings.map((f) => `${f.code} ${f.propertyPath}`)).toEqual([
      'FIELD_CODICE_FISCALE fattura_elettronica_header.dati_trasmissione.id_trasmittente.id_codice',
      'FIELD_PARTITA_IVA fattura_elettronica_header.cedente_prestatore.dati_anagrafici.id_fiscale_iva.id_codice',
      'FIELD_CODICE_FISCALE fattura_elettronica_header.cessionario_committente.dati_anagrafici.codice_fiscale',
      'FIELD_PARTITA_IVA fattura_elettronica_body[0].dati_generali.dati_trasporto.dati_anagrafici_vettore.id_fiscale_iva.id_codice',
    ]);
    expect(findings.every((f) => f.layer === 'field' && f.messageIt)).toBe(true);
  });

  it('checks addresses, country codes and IBANs', () => {
    const invoice = validOrdinary();
    invoice.fattura_elettronica_header.cedente_prestatore.sede.provincia = 'AK';
    invoice.fattura_elettronica_header.cedente_prestatore.sede.cap = '7100';
    invoice.fattura_elettronica_header.cessionario_committente.sede.nazione = 'UK';
    const payment =
      invoice.fattura_elettronica_body[0]?.dati_pagamento?.[0]?.dettaglio_pagamento[0];
    if (payment) payment.iban = 'IT60X0542811101000000123457';
    const paths = runFieldChecks(invoice, 'FPR12').map((f) => `${f.code} ${f.propertyPath}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'FIELD_CAP fattura_elettronica_header.cedente_prestatore.sede.cap',
        'FIELD_PROVINCIA fattura_elettronica_header.cedente_prestatore.sede.provincia',
        'FIELD_NAZIONE fattura_elettronica_header.cessionario_committente.sede.nazione',
        'FIELD_IBAN fattura_elettronica_body[0].dati_pagamento[0].dettaglio_pagamento[0].iban',
      ]),
    );
  });

  it('does not check CAP and provincia of a foreign address', () => {
    const invoice = validOrdinary();
    const sede = invoice.fattura_elettronica_header.cessionario_committente.sede;
    sede.nazione = 'FR';
    sede.cap = '75001';
    sede.provincia = 'XX';
    expect(runFieldChecks(invoice, 'FPR12').map((f) => f.code)).not.toContain('FIELD_PROVINCIA');
  });

  it('checks a simplified invoice', () => {
    const invoice = validSimplified();
    expect(runFieldChecks(invoice, 'FSM10')).toEqual([]);
    invoice.fattura_elettronica_header.dati_trasmissione.codice_destinatario = 'ABC123';
    expect(runFieldChecks(invoice, 'FSM10')).toEqual([
      expect.objectContaining({
        code: 'FIELD_CODICE_DESTINATARIO',
        propertyPath: 'fattura_elettronica_header.dati_trasmissione.codice_destinatario',
      }),
    ]);
  });
});
