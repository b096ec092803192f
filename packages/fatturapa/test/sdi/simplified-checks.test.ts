import { describe, expect, it } from 'vitest';
import { runSdiChecks, type SdiCheckOptions } from '../../src/checks/sdi/index.ts';
import type { FatturaElettronicaSemplificata } from '../../src/model/index.ts';
import { RECEIVED_AT, validSimplified } from './fixtures.ts';

type Mutation = (invoice: FatturaElettronicaSemplificata) => Partial<SdiCheckOptions> | void;

function run(mutation: Mutation) {
  const invoice = validSimplified();
  const options = mutation(invoice) ?? {};
  return runSdiChecks(invoice, { format: 'FSM10', receivedAt: RECEIVED_AT, ...options });
}

function firstItem(invoice: FatturaElettronicaSemplificata) {
  const item = invoice.fattura_elettronica_body[0]?.dati_beni_servizi[0];
  if (!item) throw new Error('no item');
  return item;
}

function document(invoice: FatturaElettronicaSemplificata) {
  const body = invoice.fattura_elettronica_body[0];
  if (!body) throw new Error('no body');
  return body.dati_generali.dati_generali_documento;
}

const ITEM = 'fattura_elettronica_body[0].dati_beni_servizi[0]';
const DOCUMENT = 'fattura_elettronica_body[0].dati_generali.dati_generali_documento';

const cases: { code: string; title: string; path: string; fail: Mutation; pass: Mutation }[] = [
  {
    code: 'FSM_AMOUNT_LIMIT',
    title: 'a TD07 above 400.00 EUR',
    path: 'fattura_elettronica_body[0].dati_beni_servizi',
    fail: (i) => void (firstItem(i).importo = '400.01'),
    pass: (i) => void (firstItem(i).importo = '400.00'),
  },
  {
    code: '00400',
    title: 'a zero-rate item without Natura',
    path: `${ITEM}.natura`,
    fail: (i) => void (firstItem(i).dati_iva = { aliquota: '0.00' }),
    pass: (i) => {
      firstItem(i).dati_iva = { aliquota: '0.00' };
      firstItem(i).natura = 'N2.2';
    },
  },
  {
    code: '00401',
    title: 'an item with tax and Natura',
    path: `${ITEM}.natura`,
    fail: (i) => {
      firstItem(i).dati_iva = { imposta: '4.51' };
      firstItem(i).natura = 'N4';
    },
    pass: (i) => void (firstItem(i).dati_iva = { imposta: '4.51' }),
  },
  {
    code: '00424',
    title: 'a rate written as a fraction',
    path: `${ITEM}.dati_iva.aliquota`,
    fail: (i) => void (firstItem(i).dati_iva = { aliquota: '0.10' }),
    pass: (i) => void (firstItem(i).dati_iva = { aliquota: '10.00' }),
  },
  {
    code: '00445',
    title: 'generic Natura N3 in 2021',
    path: `${ITEM}.natura`,
    fail: (i) => {
      firstItem(i).dati_iva = { aliquota: '0.00' };
      firstItem(i).natura = 'N3';
      document(i).data = '2021-06-01';
    },
    pass: (i) => {
      firstItem(i).dati_iva = { aliquota: '0.00' };
      firstItem(i).natura = 'N3.5';
      document(i).data = '2021-06-01';
    },
  },
  {
    code: '00403',
    title: 'a date after reception',
    path: `${DOCUMENT}.data`,
    fail: (i) => void (document(i).data = '2026-02-01'),
    pass: (i) => void (document(i).data = '2026-01-15'),
  },
  {
    code: '00425',
    title: 'a number without digits',
    path: `${DOCUMENT}.numero`,
    fail: (i) => void (document(i).numero = 'ABC'),
    pass: (i) => void (document(i).numero = 'ABC/9'),
  },
  {
    code: '00404',
    title: 'a duplicate',
    path: `${DOCUMENT}.numero`,
    fail: () => ({
      state: { isDuplicate: (key) => key.number === '123' && key.documentType === 'TD07' },
    }),
    pass: () => ({ state: { isDuplicate: () => false } }),
  },
  {
    code: '00427',
    title: 'a 6-character CodiceDestinatario',
    path: 'fattura_elettronica_header.dati_trasmissione.codice_destinatario',
    fail: (i) =>
      void (i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = 'ABCDEF'),
    pass: (i) => {
      i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = 'ABCDEFG';
      delete i.fattura_elettronica_header.dati_trasmissione.pec_destinatario;
    },
  },
  {
    code: '00428',
    title: 'FormatoTrasmissione FPR12 in an FSM10 file',
    path: 'fattura_elettronica_header.dati_trasmissione.formato_trasmissione',
    fail: (i) =>
      void (i.fattura_elettronica_header.dati_trasmissione.formato_trasmissione = 'FPR12'),
    pass: () => undefined,
  },
  {
    code: '00301',
    title: 'a seller VAT number with a wrong check digit',
    path: 'fattura_elettronica_header.cedente_prestatore.id_fiscale_iva.id_codice',
    fail: (i) =>
      void (i.fattura_elettronica_header.cedente_prestatore.id_fiscale_iva.id_codice =
        '01234567890'),
    pass: () => undefined,
  },
  {
    code: '00305',
    title: 'a buyer VAT number with a wrong check digit',
    path: 'fattura_elettronica_header.cessionario_committente.identificativi_fiscali.id_fiscale_iva.id_codice',
    fail: (i) => {
      i.fattura_elettronica_header.cessionario_committente.identificativi_fiscali.id_fiscale_iva = {
        id_paese: 'IT',
        id_codice: '09876543210',
      };
    },
    pass: () => undefined,
  },
  {
    code: '00476',
    title: 'seller and buyer both foreign',
    path: 'fattura_elettronica_header.cedente_prestatore.id_fiscale_iva.id_paese',
    fail: (i) => {
      i.fattura_elettronica_header.cedente_prestatore.id_fiscale_iva.id_paese = 'FR';
      i.fattura_elettronica_header.cessionario_committente.identificativi_fiscali.id_fiscale_iva = {
        id_paese: 'DE',
        id_codice: '123456789',
      };
    },
    pass: (i) =>
      void (i.fattura_elettronica_header.cedente_prestatore.id_fiscale_iva.id_paese = 'FR'),
  },
];

describe('runSdiChecks on a simplified invoice (FSM10)', () => {
  it('accepts the official FSM10 sample once its identifiers have valid check digits', () => {
    expect(run(() => undefined)).toEqual([]);
  });

  it.each(cases)('$code: reports $title', ({ code, path, fail }) => {
    expect(run(fail)).toContainEqual(
      expect.objectContaining({ layer: 'sdi', code, propertyPath: path }),
    );
  });

  it.each(cases)('$code: accepts the closest valid invoice ($title)', ({ code, pass }) => {
    expect(run(pass).map((f) => f.code)).not.toContain(code);
  });

  it('does not apply the 400 EUR ceiling to a TD08 credit note', () => {
    const findings = run((i) => {
      document(i).tipo_documento = 'TD08';
      firstItem(i).importo = '1000.00';
    });
    expect(findings.map((f) => f.code)).not.toContain('FSM_AMOUNT_LIMIT');
  });
});
