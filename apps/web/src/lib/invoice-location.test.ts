import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from './i18n';
import {
  LOCATION_NAMESPACES,
  invoiceViolationLine,
  invoiceViolationMessage,
  violationLocation,
} from './invoice-location';

const NUMERO = 'fattura_elettronica_body[0].dati_generali.dati_generali_documento.numero';
const LINE_TOTAL = 'fattura_elettronica_body[0].dati_beni_servizi.dettaglio_linee[2].prezzo_totale';

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(['common', ...LOCATION_NAMESPACES]);
});
afterAll(() => i18n.changeLanguage('en'));

describe("where an invoice's violation is, in words", () => {
  it('names the part of the invoice by the form labels in Italian and Polish', async () => {
    await i18n.changeLanguage('it');
    expect(violationLocation(i18n, NUMERO)).toBe('Dati generali documento › Numero');
    expect(violationLocation(i18n, LINE_TOTAL)).toBe('Beni e servizi › Linea 3 › Prezzo totale');
    await i18n.changeLanguage('pl');
    expect(violationLocation(i18n, NUMERO)).toBe('Dane dokumentu › Numer');
    expect(violationLocation(i18n, LINE_TOTAL)).toBe('Towary i usługi › Pozycja 3 › Wartość');
  });

  it('says which invoice of a file of several, reads XML names, and keeps odd paths', async () => {
    await i18n.changeLanguage('en');
    expect(
      violationLocation(
        i18n,
        'fattura_elettronica_body[1].dati_generali.dati_generali_documento.data',
      ),
    ).toMatch(/^Invoice 2 of the file › .+ › Date$/);
    expect(
      violationLocation(i18n, 'FatturaElettronicaBody.DatiGenerali.DatiGeneraliDocumento.Numero'),
    ).toMatch(/ › Number$/);
    expect(violationLocation(i18n, 'some odd/path')).toBe('some odd/path');
    expect(violationLocation(i18n, '')).toBeUndefined();
  });
});

describe("an invoice's violation as a line a person reads", () => {
  const noDigit = {
    propertyPath: NUMERO,
    message: '2.1.1.4 Numero contains no digit',
    code: '00425',
    messages: {
      it: '2.1.1.4 <Numero> non contenente caratteri numerici',
      en: '2.1.1.4 Numero contains no digit',
      pl: '2.1.1.4 Numero nie zawiera żadnej cyfry',
    },
  };

  it('says where in the form labels and what in Polish and Italian, never the path or English', async () => {
    await i18n.changeLanguage('pl');
    expect(invoiceViolationLine(i18n, noDigit)).toBe(
      'Dane dokumentu › Numer: 2.1.1.4 Numero nie zawiera żadnej cyfry',
    );
    await i18n.changeLanguage('it');
    expect(invoiceViolationLine(i18n, noDigit)).toBe(
      'Dati generali documento › Numero: 2.1.1.4 <Numero> non contenente caratteri numerici',
    );
  });

  it('words a code the console knows and a known English message, and a file-wide one alone', async () => {
    await i18n.changeLanguage('pl');
    const corrupt = { propertyPath: '', message: 'File empty or corrupt', code: '00106' };
    expect(invoiceViolationLine(i18n, corrupt)).toBe(
      i18n.t('violationCodes.00106', { ns: 'common' }),
    );
    expect(invoiceViolationLine(i18n, corrupt)).not.toMatch(/corrupt/);
    const blank = { propertyPath: LINE_TOTAL, message: 'This value should not be blank.' };
    expect(invoiceViolationMessage(i18n, blank)).toBe('Ta wartość nie może być pusta.');
    expect(invoiceViolationLine(i18n, blank)).toMatch(/^Towary i usługi › Pozycja 3 › Wartość: /);
  });
});
