import { describe, expect, it } from 'vitest';
import { runSdiChecks, type SdiCheckOptions } from '../../src/checks/sdi/index.ts';
import type { FatturaElettronica } from '../../src/model/index.ts';
import {
  BUYER_VAT,
  OTHER_VAT,
  PERSON_CF,
  RECEIVED_AT,
  SELLER_VAT,
  partsOf,
  validOrdinary,
} from './fixtures.ts';

type Mutation = (invoice: FatturaElettronica) => Partial<SdiCheckOptions> | void;

interface CheckCase {
  code: string;
  /** What the failing invoice does wrong. */
  title: string;
  /** Expected propertyPath of the finding. */
  path: string;
  fail: Mutation;
  /** The closest invoice that SDI accepts for this rule. */
  pass: Mutation;
}

const BODY = 'fattura_elettronica_body[0]';
const DOCUMENT = `${BODY}.dati_generali.dati_generali_documento`;
const LINE = `${BODY}.dati_beni_servizi.dettaglio_linee[0]`;
const SUMMARY = `${BODY}.dati_beni_servizi.dati_riepilogo[0]`;
const HEADER = 'fattura_elettronica_header';
const TRANSMISSION = `${HEADER}.dati_trasmissione`;
const SELLER = `${HEADER}.cedente_prestatore.dati_anagrafici`;
const BUYER = `${HEADER}.cessionario_committente.dati_anagrafici`;

function run(mutation: Mutation) {
  const invoice = validOrdinary();
  const options = mutation(invoice) ?? {};
  return runSdiChecks(invoice, { format: 'FPR12', receivedAt: RECEIVED_AT, ...options });
}

function setBuyerVat(invoice: FatturaElettronica, country: string, code: string) {
  invoice.fattura_elettronica_header.cessionario_committente.dati_anagrafici.id_fiscale_iva = {
    id_paese: country,
    id_codice: code,
  };
}

function setSellerCountry(invoice: FatturaElettronica, country: string) {
  invoice.fattura_elettronica_header.cedente_prestatore.dati_anagrafici.id_fiscale_iva.id_paese =
    country;
}

function setType(invoice: FatturaElettronica, type: string) {
  partsOf(invoice).document.tipo_documento = type;
}

/** A zero-rate line and its summary row, consistent with each other. */
function makeZeroRated(invoice: FatturaElettronica, natura: string) {
  const { line, summary } = partsOf(invoice);
  line.aliquota_iva = '0.00';
  line.natura = natura;
  summary.aliquota_iva = '0.00';
  summary.natura = natura;
  summary.imposta = '0.00';
  delete summary.esigibilita_iva;
}

const cases: CheckCase[] = [
  // 1.1 DatiTrasmissione
  {
    code: '00428',
    title: 'FormatoTrasmissione FPA12 in a file whose versione is FPR12',
    path: `${TRANSMISSION}.formato_trasmissione`,
    fail: (i) =>
      void (i.fattura_elettronica_header.dati_trasmissione.formato_trasmissione = 'FPA12'),
    pass: () => undefined,
  },
  {
    code: '00427',
    title: 'a 6-character CodiceDestinatario on FPR12',
    path: `${TRANSMISSION}.codice_destinatario`,
    fail: (i) =>
      void (i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = 'ABC123'),
    pass: (i) =>
      void (i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = 'ABC1234'),
  },
  {
    code: '00427',
    title: 'a 7-character CodiceDestinatario on FPA12',
    path: `${TRANSMISSION}.codice_destinatario`,
    fail: (i) => {
      i.fattura_elettronica_header.dati_trasmissione.formato_trasmissione = 'FPA12';
      return { format: 'FPA12' };
    },
    pass: (i) => {
      i.fattura_elettronica_header.dati_trasmissione.formato_trasmissione = 'FPA12';
      i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = 'UFABCD';
      return { format: 'FPA12' };
    },
  },
  {
    code: '00313',
    title: 'XXXXXXX for an Italian buyer',
    path: `${TRANSMISSION}.codice_destinatario`,
    fail: (i) =>
      void (i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = 'XXXXXXX'),
    pass: (i) => {
      i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = 'XXXXXXX';
      setBuyerVat(i, 'FR', '12345678901');
    },
  },
  {
    code: '00311',
    title: 'a recipient code unknown to SDI',
    path: `${TRANSMISSION}.codice_destinatario`,
    fail: () => ({ state: { recipientCode: () => 'unknown' } }),
    pass: () => ({ state: { recipientCode: () => 'active' } }),
  },
  {
    code: '00312',
    title: 'an inactive recipient code',
    path: `${TRANSMISSION}.codice_destinatario`,
    fail: () => ({ state: { recipientCode: () => 'inactive' } }),
    pass: () => ({ state: { recipientCode: () => 'active' } }),
  },
  {
    code: '00311',
    title: 'an IPA office code unknown to IPA',
    path: `${TRANSMISSION}.codice_destinatario`,
    fail: (i) => {
      i.fattura_elettronica_header.dati_trasmissione.formato_trasmissione = 'FPA12';
      i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = 'UFABCD';
      return { format: 'FPA12', state: { ipaOffice: () => 'unknown' } };
    },
    pass: (i) => {
      i.fattura_elettronica_header.dati_trasmissione.formato_trasmissione = 'FPA12';
      i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = 'UFABCD';
      return { format: 'FPA12', state: { ipaOffice: () => 'active' } };
    },
  },
  {
    code: '00398',
    title: 'a central IPA office the invoice does not resolve',
    path: `${TRANSMISSION}.codice_destinatario`,
    fail: (i) => {
      i.fattura_elettronica_header.dati_trasmissione.formato_trasmissione = 'FPA12';
      i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = 'UFABCD';
      return { format: 'FPA12', state: { ipaOffice: () => 'central-unresolved' } };
    },
    pass: (i) => {
      i.fattura_elettronica_header.dati_trasmissione.formato_trasmissione = 'FPA12';
      i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = 'UFABCD';
      return { format: 'FPA12', state: { ipaOffice: () => 'active' } };
    },
  },
  {
    code: '00399',
    title: 'FPR12 to a buyer registered in IPA',
    path: `${TRANSMISSION}.formato_trasmissione`,
    fail: () => ({ state: { isPublicAdministration: (b) => b.codiceFiscale === BUYER_VAT } }),
    pass: () => ({ state: { isPublicAdministration: () => false } }),
  },
  {
    code: '00426',
    title: 'PECDestinatario with a channel code',
    path: `${TRANSMISSION}.pec_destinatario`,
    fail: (i) =>
      void (i.fattura_elettronica_header.dati_trasmissione.pec_destinatario = 'b@pec.it'),
    pass: (i) => {
      i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = '0000000';
      i.fattura_elettronica_header.dati_trasmissione.pec_destinatario = 'b@pec.it';
    },
  },
  {
    code: '00330',
    title: "PECDestinatario is one of SDI's own mailboxes",
    path: `${TRANSMISSION}.pec_destinatario`,
    fail: (i) => {
      i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = '0000000';
      i.fattura_elettronica_header.dati_trasmissione.pec_destinatario = 'sdi01@pec.fatturapa.it';
    },
    pass: (i) => {
      i.fattura_elettronica_header.dati_trasmissione.codice_destinatario = '0000000';
      i.fattura_elettronica_header.dati_trasmissione.pec_destinatario = 'sdi@pec.example.it';
    },
  },
  // Identifiers
  {
    code: '00300',
    title: 'transmitter IdCodice with a wrong check digit',
    path: `${TRANSMISSION}.id_trasmittente.id_codice`,
    fail: (i) =>
      void (i.fattura_elettronica_header.dati_trasmissione.id_trasmittente.id_codice =
        '01234567890'),
    pass: (i) =>
      void (i.fattura_elettronica_header.dati_trasmissione.id_trasmittente.id_codice = PERSON_CF),
  },
  {
    code: '00301',
    title: 'seller Partita IVA with a wrong check digit',
    path: `${SELLER}.id_fiscale_iva.id_codice`,
    fail: (i) =>
      void (i.fattura_elettronica_header.cedente_prestatore.dati_anagrafici.id_fiscale_iva.id_codice =
        '01234567890'),
    pass: () => undefined,
  },
  {
    code: '00301',
    title: 'seller Partita IVA unknown to the registry',
    path: `${SELLER}.id_fiscale_iva.id_codice`,
    fail: () => ({ state: { taxpayerExists: (_c, code) => code !== SELLER_VAT } }),
    pass: () => ({ state: { taxpayerExists: () => true } }),
  },
  {
    code: '00301',
    title: 'seller Partita IVA ceased before the invoice date',
    path: `${SELLER}.id_fiscale_iva.id_codice`,
    fail: () => ({ state: { vatCeasedOn: () => '2014-01-01' } }),
    pass: () => ({ state: { vatCeasedOn: () => '2015-01-01' } }),
  },
  {
    code: '00302',
    title: 'seller codice fiscale with a wrong check letter',
    path: `${SELLER}.codice_fiscale`,
    fail: (i) =>
      void (i.fattura_elettronica_header.cedente_prestatore.dati_anagrafici.codice_fiscale =
        'RSSMRA85T10A562X'),
    pass: (i) =>
      void (i.fattura_elettronica_header.cedente_prestatore.dati_anagrafici.codice_fiscale =
        PERSON_CF),
  },
  {
    code: '00303',
    title: 'fiscal representative Partita IVA with a wrong check digit',
    path: `${HEADER}.rappresentante_fiscale.dati_anagrafici.id_fiscale_iva.id_codice`,
    fail: (i) => {
      i.fattura_elettronica_header.rappresentante_fiscale = {
        dati_anagrafici: {
          id_fiscale_iva: { id_paese: 'IT', id_codice: '12345678901' },
          anagrafica: { denominazione: 'R' },
        },
      };
    },
    pass: (i) => {
      i.fattura_elettronica_header.rappresentante_fiscale = {
        dati_anagrafici: {
          id_fiscale_iva: { id_paese: 'IT', id_codice: OTHER_VAT },
          anagrafica: { denominazione: 'R' },
        },
      };
    },
  },
  {
    code: '00304',
    title: 'fiscal representative codice fiscale with a wrong check letter',
    path: `${HEADER}.rappresentante_fiscale.dati_anagrafici.codice_fiscale`,
    fail: (i) => {
      i.fattura_elettronica_header.rappresentante_fiscale = {
        dati_anagrafici: {
          id_fiscale_iva: { id_paese: 'IT', id_codice: OTHER_VAT },
          codice_fiscale: 'RSSMRA85T10A562A',
          anagrafica: { denominazione: 'R' },
        },
      };
    },
    pass: (i) => {
      i.fattura_elettronica_header.rappresentante_fiscale = {
        dati_anagrafici: {
          id_fiscale_iva: { id_paese: 'IT', id_codice: OTHER_VAT },
          codice_fiscale: PERSON_CF,
          anagrafica: { denominazione: 'R' },
        },
      };
    },
  },
  {
    code: '00305',
    title: 'buyer Partita IVA with a wrong check digit',
    path: `${BUYER}.id_fiscale_iva.id_codice`,
    fail: (i) => setBuyerVat(i, 'IT', '09876543210'),
    pass: (i) => setBuyerVat(i, 'IT', BUYER_VAT),
  },
  {
    code: '00306',
    title: 'buyer codice fiscale with a wrong check digit',
    path: `${BUYER}.codice_fiscale`,
    fail: (i) =>
      void (i.fattura_elettronica_header.cessionario_committente.dati_anagrafici.codice_fiscale =
        '09876543210'),
    pass: (i) =>
      void (i.fattura_elettronica_header.cessionario_committente.dati_anagrafici.codice_fiscale =
        'RSSMRA85T10A56NH'),
  },
  {
    code: '00320',
    title: 'seller VAT number and codice fiscale of different subjects',
    path: `${SELLER}.codice_fiscale`,
    fail: (i) => {
      i.fattura_elettronica_header.cedente_prestatore.dati_anagrafici.codice_fiscale = PERSON_CF;
      return { state: { areIdentifiersConsistent: () => false } };
    },
    pass: (i) => {
      i.fattura_elettronica_header.cedente_prestatore.dati_anagrafici.codice_fiscale = PERSON_CF;
      return { state: { areIdentifiersConsistent: () => true } };
    },
  },
  {
    code: '00321',
    title: 'seller codice fiscale not a member of its VAT group',
    path: `${SELLER}.codice_fiscale`,
    fail: (i) => {
      i.fattura_elettronica_header.cedente_prestatore.dati_anagrafici.codice_fiscale = PERSON_CF;
      return { state: { vatGroupMembers: () => [OTHER_VAT] } };
    },
    pass: (i) => {
      i.fattura_elettronica_header.cedente_prestatore.dati_anagrafici.codice_fiscale = PERSON_CF;
      return { state: { vatGroupMembers: () => [OTHER_VAT, PERSON_CF] } };
    },
  },
  {
    code: '00322',
    title: 'seller VAT group without the member codice fiscale',
    path: `${SELLER}.codice_fiscale`,
    fail: () => ({ state: { vatGroupMembers: () => [OTHER_VAT] } }),
    pass: (i) => {
      i.fattura_elettronica_header.cedente_prestatore.dati_anagrafici.codice_fiscale = OTHER_VAT;
      return { state: { vatGroupMembers: () => [OTHER_VAT] } };
    },
  },
  {
    code: '00323',
    title: 'TD20 naming a supplier whose VAT number ceased more than 5 years before',
    path: `${SELLER}.id_fiscale_iva.id_codice`,
    fail: (i) => {
      setType(i, 'TD20');
      setBuyerVat(i, 'IT', BUYER_VAT);
      return { state: { vatCeasedOn: () => '2009-12-17' } };
    },
    pass: (i) => {
      setType(i, 'TD20');
      setBuyerVat(i, 'IT', BUYER_VAT);
      return { state: { vatCeasedOn: () => '2009-12-18' } };
    },
  },
  {
    code: '00324',
    title: 'buyer VAT number and codice fiscale of different subjects',
    path: `${BUYER}.codice_fiscale`,
    fail: (i) => {
      setBuyerVat(i, 'IT', BUYER_VAT);
      return { state: { areIdentifiersConsistent: () => false } };
    },
    pass: (i) => {
      setBuyerVat(i, 'IT', BUYER_VAT);
      return { state: { areIdentifiersConsistent: () => true } };
    },
  },
  {
    code: '00325',
    title: 'buyer codice fiscale not a member of its VAT group',
    path: `${BUYER}.codice_fiscale`,
    fail: (i) => {
      setBuyerVat(i, 'IT', OTHER_VAT);
      return { state: { vatGroupMembers: (vat) => (vat === OTHER_VAT ? [PERSON_CF] : undefined) } };
    },
    pass: (i) => {
      setBuyerVat(i, 'IT', OTHER_VAT);
      return { state: { vatGroupMembers: (vat) => (vat === OTHER_VAT ? [BUYER_VAT] : undefined) } };
    },
  },
  {
    code: '00326',
    title: 'buyer VAT group without the member codice fiscale',
    path: `${BUYER}.codice_fiscale`,
    fail: (i) => {
      setBuyerVat(i, 'IT', OTHER_VAT);
      delete i.fattura_elettronica_header.cessionario_committente.dati_anagrafici.codice_fiscale;
      return { state: { vatGroupMembers: (vat) => (vat === OTHER_VAT ? [BUYER_VAT] : undefined) } };
    },
    pass: (i) => {
      setBuyerVat(i, 'IT', OTHER_VAT);
      return { state: { vatGroupMembers: (vat) => (vat === OTHER_VAT ? [BUYER_VAT] : undefined) } };
    },
  },
  {
    code: '00417',
    title: 'buyer with neither IdFiscaleIVA nor CodiceFiscale',
    path: `${BUYER}.id_fiscale_iva`,
    fail: (i) =>
      void delete i.fattura_elettronica_header.cessionario_committente.dati_anagrafici
        .codice_fiscale,
    pass: (i) => {
      delete i.fattura_elettronica_header.cessionario_committente.dati_anagrafici.codice_fiscale;
      setBuyerVat(i, 'DE', '123456789');
    },
  },
  // TipoDocumento rules
  {
    code: '00471',
    title: 'TD01 issued to oneself',
    path: `${DOCUMENT}.tipo_documento`,
    fail: (i) => setBuyerVat(i, 'IT', SELLER_VAT),
    pass: (i) => setBuyerVat(i, 'IT', BUYER_VAT),
  },
  {
    code: '00471',
    title: 'TD29 issued to oneself',
    path: `${DOCUMENT}.tipo_documento`,
    fail: (i) => {
      setType(i, 'TD29');
      setBuyerVat(i, 'IT', SELLER_VAT);
    },
    pass: (i) => {
      setType(i, 'TD29');
      setBuyerVat(i, 'IT', BUYER_VAT);
    },
  },
  {
    code: '00472',
    title: 'TD27 (self-consumption) to someone else',
    path: `${DOCUMENT}.tipo_documento`,
    fail: (i) => setType(i, 'TD27'),
    pass: (i) => {
      setType(i, 'TD27');
      setBuyerVat(i, 'IT', SELLER_VAT);
    },
  },
  {
    code: '00473',
    title: 'TD17 (foreign services) with an Italian seller',
    path: `${SELLER}.id_fiscale_iva.id_paese`,
    fail: (i) => {
      setType(i, 'TD17');
      setBuyerVat(i, 'IT', BUYER_VAT);
    },
    pass: (i) => {
      setType(i, 'TD17');
      setSellerCountry(i, 'FR');
      setBuyerVat(i, 'IT', BUYER_VAT);
    },
  },
  {
    code: '00473',
    title: 'TD28 (San Marino) with a French seller',
    path: `${SELLER}.id_fiscale_iva.id_paese`,
    fail: (i) => {
      setType(i, 'TD28');
      setSellerCountry(i, 'FR');
      setBuyerVat(i, 'IT', BUYER_VAT);
    },
    pass: (i) => {
      setType(i, 'TD28');
      setSellerCountry(i, 'SM');
      setBuyerVat(i, 'IT', BUYER_VAT);
    },
  },
  {
    code: '00473',
    title: 'seller IdPaese OO on a TD01',
    path: `${SELLER}.id_fiscale_iva.id_paese`,
    fail: (i) => setSellerCountry(i, 'OO'),
    pass: (i) => {
      setSellerCountry(i, 'OO');
      setType(i, 'TD19');
      setBuyerVat(i, 'IT', BUYER_VAT);
    },
  },
  {
    code: '00474',
    title: 'TD21 with a zero-rate line',
    path: `${LINE}.aliquota_iva`,
    fail: (i) => {
      setType(i, 'TD21');
      setBuyerVat(i, 'IT', SELLER_VAT);
      makeZeroRated(i, 'N2.2');
    },
    pass: (i) => {
      setType(i, 'TD21');
      setBuyerVat(i, 'IT', SELLER_VAT);
    },
  },
  {
    code: '00475',
    title: 'TD16 without the buyer IdFiscaleIVA',
    path: `${DOCUMENT}.tipo_documento`,
    fail: (i) => setType(i, 'TD16'),
    pass: (i) => {
      setType(i, 'TD16');
      setBuyerVat(i, 'IT', BUYER_VAT);
    },
  },
  {
    code: '00476',
    title: 'both seller and buyer foreign',
    path: `${SELLER}.id_fiscale_iva.id_paese`,
    fail: (i) => {
      setSellerCountry(i, 'FR');
      setBuyerVat(i, 'DE', '123456789');
    },
    pass: (i) => {
      setSellerCountry(i, 'FR');
      setBuyerVat(i, 'IT', BUYER_VAT);
    },
  },
  // Document data
  {
    code: '00403',
    title: 'invoice dated after the reception day in Italy',
    path: `${DOCUMENT}.data`,
    fail: (i) => void (partsOf(i).document.data = '2026-01-16'),
    pass: (i) => void (partsOf(i).document.data = '2026-01-15'),
  },
  {
    code: '00403',
    title: 'received at 00:30 in Rome (23:30 UTC the day before) with that Rome date',
    path: `${DOCUMENT}.data`,
    fail: (i) => {
      partsOf(i).document.data = '2026-01-17';
      return { receivedAt: new Date('2026-01-15T23:30:00Z') };
    },
    pass: (i) => {
      partsOf(i).document.data = '2026-01-16';
      return { receivedAt: new Date('2026-01-15T23:30:00Z') };
    },
  },
  {
    code: '00418',
    title: 'TD04 dated before the invoice it credits',
    path: `${DOCUMENT}.data`,
    fail: (i) => {
      setType(i, 'TD04');
      partsOf(i).body.dati_generali.dati_fatture_collegate = [
        { id_documento: '1', data: '2014-12-20' },
      ];
    },
    pass: (i) => {
      setType(i, 'TD04');
      partsOf(i).body.dati_generali.dati_fatture_collegate = [
        { id_documento: '1', data: '2014-12-18' },
      ];
    },
  },
  {
    code: '00425',
    title: 'Numero without digits',
    path: `${DOCUMENT}.numero`,
    fail: (i) => void (partsOf(i).document.numero = 'FT-A'),
    pass: (i) => void (partsOf(i).document.numero = 'FT-A1'),
  },
  {
    code: '00404',
    title: 'an invoice already accepted (same seller, type, date and number)',
    path: `${DOCUMENT}.numero`,
    fail: () => ({
      state: {
        isDuplicate: (key) =>
          key.sellerCountry === 'IT' &&
          key.sellerCode === SELLER_VAT &&
          key.documentType === 'TD01' &&
          key.date === '2014-12-18' &&
          key.number === '123',
      },
    }),
    pass: () => ({ state: { isDuplicate: () => false } }),
  },
  {
    code: '00411',
    title: 'a line with Ritenuta SI and no DatiRitenuta',
    path: `${DOCUMENT}.dati_ritenuta`,
    fail: (i) => void (partsOf(i).line.ritenuta = 'SI'),
    pass: (i) => {
      partsOf(i).line.ritenuta = 'SI';
      partsOf(i).document.dati_ritenuta = [
        {
          tipo_ritenuta: 'RT01',
          importo_ritenuta: '1.00',
          aliquota_ritenuta: '20.00',
          causale_pagamento: 'A',
        },
      ];
    },
  },
  {
    code: '00415',
    title: 'a pension-fund contribution with Ritenuta SI and no DatiRitenuta',
    path: `${DOCUMENT}.dati_ritenuta`,
    fail: (i) => {
      partsOf(i).document.dati_cassa_previdenziale = [
        {
          tipo_cassa: 'TC22',
          al_cassa: '4.00',
          importo_contributo_cassa: '0.20',
          aliquota_iva: '22.00',
          ritenuta: 'SI',
        },
      ];
    },
    pass: (i) => {
      partsOf(i).document.dati_cassa_previdenziale = [
        {
          tipo_cassa: 'TC22',
          al_cassa: '4.00',
          importo_contributo_cassa: '0.20',
          aliquota_iva: '22.00',
        },
      ];
    },
  },
  {
    code: '00437',
    title: 'a document discount with neither percentage nor amount',
    path: `${DOCUMENT}.sconto_maggiorazione[0].tipo`,
    fail: (i) => void (partsOf(i).document.sconto_maggiorazione = [{ tipo: 'SC' }]),
    pass: (i) =>
      void (partsOf(i).document.sconto_maggiorazione = [{ tipo: 'SC', percentuale: '1.00' }]),
  },
  {
    code: '00438',
    title: 'a line discount with neither percentage nor amount',
    path: `${LINE}.sconto_maggiorazione[0].tipo`,
    fail: (i) => void (partsOf(i).line.sconto_maggiorazione = [{ tipo: 'SC' }]),
    pass: (i) => void (partsOf(i).line.sconto_maggiorazione = [{ tipo: 'SC', importo: '0.00' }]),
  },
  // Natura and rates
  {
    code: '00400',
    title: 'a zero-rate line without Natura',
    path: `${LINE}.natura`,
    fail: (i) => {
      makeZeroRated(i, 'N2.2');
      delete partsOf(i).line.natura;
    },
    pass: (i) => makeZeroRated(i, 'N2.2'),
  },
  {
    code: '00401',
    title: 'a 22% line with Natura',
    path: `${LINE}.natura`,
    fail: (i) => void (partsOf(i).line.natura = 'N4'),
    pass: (i) => {
      // TD16 (reverse charge integration) is the exception the AdE table allows.
      setType(i, 'TD16');
      setBuyerVat(i, 'IT', BUYER_VAT);
      partsOf(i).line.natura = 'N6.3';
      partsOf(i).summary.natura = 'N6.3';
    },
  },
  {
    code: '00413',
    title: 'a zero-rate contribution without Natura',
    path: `${DOCUMENT}.dati_cassa_previdenziale[0].natura`,
    fail: (i) => {
      partsOf(i).document.dati_cassa_previdenziale = [
        {
          tipo_cassa: 'TC22',
          al_cassa: '4.00',
          importo_contributo_cassa: '0.20',
          aliquota_iva: '0.00',
        },
      ];
    },
    pass: (i) => {
      partsOf(i).document.dati_cassa_previdenziale = [
        {
          tipo_cassa: 'TC22',
          al_cassa: '4.00',
          importo_contributo_cassa: '0.20',
          aliquota_iva: '0.00',
          natura: 'N4',
        },
      ];
    },
  },
  {
    code: '00414',
    title: 'a 22% contribution with Natura',
    path: `${DOCUMENT}.dati_cassa_previdenziale[0].natura`,
    fail: (i) => {
      partsOf(i).document.dati_cassa_previdenziale = [
        {
          tipo_cassa: 'TC22',
          al_cassa: '4.00',
          importo_contributo_cassa: '0.20',
          aliquota_iva: '22.00',
          natura: 'N4',
        },
      ];
    },
    pass: (i) => {
      partsOf(i).document.dati_cassa_previdenziale = [
        {
          tipo_cassa: 'TC22',
          al_cassa: '4.00',
          importo_contributo_cassa: '0.20',
          aliquota_iva: '22.00',
        },
      ];
    },
  },
  {
    code: '00429',
    title: 'a zero-rate summary row without Natura',
    path: `${SUMMARY}.natura`,
    fail: (i) => {
      makeZeroRated(i, 'N4');
      delete partsOf(i).summary.natura;
    },
    pass: (i) => makeZeroRated(i, 'N4'),
  },
  {
    code: '00430',
    title: 'a 22% summary row with Natura',
    path: `${SUMMARY}.natura`,
    fail: (i) => void (partsOf(i).summary.natura = 'N4'),
    pass: () => undefined,
  },
  {
    code: '00420',
    title: 'reverse charge (N6.3) under split payment',
    path: `${SUMMARY}.natura`,
    fail: (i) => {
      makeZeroRated(i, 'N6.3');
      partsOf(i).summary.esigibilita_iva = 'S';
    },
    pass: (i) => {
      makeZeroRated(i, 'N6.3');
      partsOf(i).summary.esigibilita_iva = 'I';
    },
  },
  {
    code: '00424',
    title: 'a rate written as a fraction (0.22 for 22%)',
    path: `${LINE}.aliquota_iva`,
    fail: (i) => void (partsOf(i).line.aliquota_iva = '0.22'),
    pass: (i) => void (partsOf(i).line.aliquota_iva = '22.00'),
  },
  {
    code: '00419',
    title: 'a line rate (10%) without its summary row',
    path: `${BODY}.dati_beni_servizi.dati_riepilogo`,
    fail: (i) => void (partsOf(i).line.aliquota_iva = '10.00'),
    pass: (i) => {
      partsOf(i).line.aliquota_iva = '10.00';
      partsOf(i).summary.aliquota_iva = '10.00';
      partsOf(i).summary.imposta = '0.50';
    },
  },
  {
    code: '00443',
    title: 'a summary rate (10%) no line or contribution uses',
    path: `${BODY}.dati_beni_servizi.dati_riepilogo[1].aliquota_iva`,
    fail: (i) => {
      partsOf(i).body.dati_beni_servizi.dati_riepilogo.push({
        aliquota_iva: '10.00',
        imponibile_importo: '0.00',
        imposta: '0.00',
      });
    },
    pass: (i) => {
      partsOf(i).body.dati_beni_servizi.dati_riepilogo.push({
        aliquota_iva: '22.00',
        imponibile_importo: '0.00',
        imposta: '0.00',
        esigibilita_iva: 'S',
      });
    },
  },
  {
    code: '00444',
    title: 'a line Natura (N2.2) missing from the summary (N4)',
    path: `${LINE}.natura`,
    fail: (i) => {
      makeZeroRated(i, 'N4');
      partsOf(i).line.natura = 'N2.2';
    },
    pass: (i) => makeZeroRated(i, 'N2.2'),
  },
  {
    code: '00445',
    title: 'generic Natura N2 on a 2021 invoice',
    path: `${LINE}.natura`,
    fail: (i) => {
      makeZeroRated(i, 'N2');
      partsOf(i).document.data = '2021-01-01';
    },
    pass: (i) => {
      makeZeroRated(i, 'N2');
      partsOf(i).document.data = '2020-12-31';
    },
  },
  // Amounts, with SDI's tolerances
  {
    code: '00421',
    title: 'Imposta 2 cents off imponibile × rate (1.10)',
    path: `${SUMMARY}.imposta`,
    fail: (i) => void (partsOf(i).summary.imposta = '1.12'),
    pass: (i) => void (partsOf(i).summary.imposta = '1.11'),
  },
  {
    code: '00422',
    title: 'ImponibileImporto more than 1.00 EUR off the lines (5.00)',
    path: `${SUMMARY}.imponibile_importo`,
    fail: (i) => {
      partsOf(i).summary.imponibile_importo = '6.01';
      partsOf(i).summary.imposta = '1.32';
    },
    pass: (i) => {
      partsOf(i).summary.imponibile_importo = '6.00';
      partsOf(i).summary.imposta = '1.32';
    },
  },
  {
    code: '00422',
    title: 'Arrotondamento not accounting for the difference',
    path: `${SUMMARY}.imponibile_importo`,
    fail: (i) => {
      partsOf(i).summary.imponibile_importo = '7.00';
      partsOf(i).summary.arrotondamento = '0.50';
      partsOf(i).summary.imposta = '1.54';
    },
    pass: (i) => {
      partsOf(i).summary.imponibile_importo = '7.00';
      partsOf(i).summary.arrotondamento = '2.00';
      partsOf(i).summary.imposta = '1.54';
    },
  },
  {
    code: '00423',
    title: 'PrezzoTotale 2 cents off quantity × price (5.00)',
    path: `${LINE}.prezzo_totale`,
    fail: (i) => void (partsOf(i).line.prezzo_totale = '5.02'),
    pass: (i) => void (partsOf(i).line.prezzo_totale = '5.01'),
  },
  {
    code: '00423',
    title: 'PrezzoTotale ignoring chained discounts (10% then 5%: 4.275)',
    path: `${LINE}.prezzo_totale`,
    fail: (i) => {
      partsOf(i).line.sconto_maggiorazione = [
        { tipo: 'SC', percentuale: '10.00' },
        { tipo: 'SC', percentuale: '5.00' },
      ];
      partsOf(i).line.prezzo_totale = '4.25';
    },
    pass: (i) => {
      partsOf(i).line.sconto_maggiorazione = [
        { tipo: 'SC', percentuale: '10.00' },
        { tipo: 'SC', percentuale: '5.00' },
      ];
      partsOf(i).line.prezzo_totale = '4.28';
    },
  },
  // File checks
  {
    code: '00001',
    title: 'a file name without the transmitter id',
    path: '',
    fail: () => ({ fileName: 'fattura.xml' }),
    pass: () => ({ fileName: `IT${SELLER_VAT}_0A1b2.xml.p7m` }),
  },
  {
    code: '00002',
    title: 'a file name already used',
    path: '',
    fail: () => ({
      fileName: 'IT01234567897_00001.xml',
      state: { isDuplicateFileName: () => true },
    }),
    pass: () => ({
      fileName: 'IT01234567897_00001.xml',
      state: { isDuplicateFileName: () => false },
    }),
  },
  {
    code: '00003',
    title: 'a file over 5 MB',
    path: '',
    fail: () => ({ fileSize: 5 * 1024 * 1024 + 1 }),
    pass: () => ({ fileSize: 5 * 1024 * 1024 }),
  },
  {
    code: '00106',
    title: 'an empty file',
    path: '',
    fail: () => ({ fileSize: 0 }),
    pass: () => ({ fileSize: 1 }),
  },
  {
    code: '00102',
    title: 'a signature that does not verify',
    path: '',
    fail: () => ({ signature: { valid: false } }),
    pass: () => ({ signature: { valid: true } }),
  },
];

describe('runSdiChecks on an ordinary invoice', () => {
  it('accepts the official FPR01 sample once its identifiers have valid check digits', () => {
    expect(run(() => undefined)).toEqual([]);
  });

  it.each(cases)('$code: reports $title', ({ code, path, fail }) => {
    const findings = run(fail);
    expect(findings).toContainEqual(
      expect.objectContaining({ layer: 'sdi', code, propertyPath: path }),
    );
    const finding = findings.find((f) => f.code === code);
    expect(finding?.message).toMatch(/\w/);
    expect(finding?.messageIt).toMatch(/\w/);
  });

  it.each(cases)('$code: accepts the closest valid invoice ($title)', ({ code, pass }) => {
    expect(run(pass).map((f) => f.code)).not.toContain(code);
  });

  it('skips the identifier digits when asked (official samples use placeholder numbers)', () => {
    const invoice = validOrdinary();
    invoice.fattura_elettronica_header.cedente_prestatore.dati_anagrafici.id_fiscale_iva.id_codice =
      '01234567890';
    const options = { format: 'FPR12', receivedAt: RECEIVED_AT } as const;
    expect(runSdiChecks(invoice, options).map((f) => f.code)).toEqual(['00301']);
    expect(runSdiChecks(invoice, { ...options, checkIdentifierDigits: false })).toEqual([]);
  });

  it('checks every body of a lot, each with its own index in the path', () => {
    const invoice = validOrdinary();
    const second = structuredClone(partsOf(invoice).body);
    second.dati_generali.dati_generali_documento.numero = 'A';
    invoice.fattura_elettronica_body.push(second);
    const findings = runSdiChecks(invoice, { format: 'FPR12', receivedAt: RECEIVED_AT });
    expect(findings).toEqual([
      expect.objectContaining({
        code: '00425',
        propertyPath: 'fattura_elettronica_body[1].dati_generali.dati_generali_documento.numero',
      }),
    ]);
  });

  it('does not throw on a partial JSON invoice', () => {
    const partial = { fattura_elettronica_header: {}, fattura_elettronica_body: [{}] };
    expect(() =>
      runSdiChecks(partial as unknown as FatturaElettronica, { format: 'FPR12' }),
    ).not.toThrow();
  });
});
