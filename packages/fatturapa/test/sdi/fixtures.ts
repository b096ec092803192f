import { readFileSync } from 'node:fs';
import path from 'node:path';
import { xmlToJson } from '../../src/codec/xml-to-json.ts';
import type {
  FatturaElettronica,
  FatturaElettronicaSemplificata,
  InvoiceFormat,
} from '../../src/model/index.ts';
import { officialSamples } from '../corpus-paths.ts';

/** Reads an official sample (path under samples/official) into the JSON model. */
export function loadSample(relativePath: string): {
  format: InvoiceFormat;
  invoice: FatturaElettronica | FatturaElettronicaSemplificata;
} {
  const result = xmlToJson(readFileSync(path.join(officialSamples, relativePath), 'utf8'));
  if (!result.ok) throw new Error(`${relativePath}: ${JSON.stringify(result.findings)}`);
  return { format: result.format, invoice: result.invoice };
}

const fpr01 = loadSample('v1.2.2/IT01234567890_FPR01.xml').invoice as FatturaElettronica;
const fsm10 = loadSample('semplificata/IT01234567890_FSM10.xml')
  .invoice as FatturaElettronicaSemplificata;

/** Valid check digits, replacing the AdE samples' placeholders 01234567890 / 09876543210. */
export const SELLER_VAT = '01234567897';
export const BUYER_VAT = '09876543217';
export const OTHER_VAT = '12345678903';
export const PERSON_CF = 'RSSMRA85T10A562S';

/**
 * The official FPR01 sample (v1.2.2) with identifiers whose check digits are right: SDI would
 * accept it as it is, so each test mutates one field.
 */
export function validOrdinary(): FatturaElettronica {
  const invoice = structuredClone(fpr01);
  const header = invoice.fattura_elettronica_header;
  header.dati_trasmissione.id_trasmittente.id_codice = SELLER_VAT;
  header.cedente_prestatore.dati_anagrafici.id_fiscale_iva.id_codice = SELLER_VAT;
  header.cessionario_committente.dati_anagrafici.codice_fiscale = BUYER_VAT;
  return invoice;
}

/** The official FSM10 sample with valid identifiers. */
export function validSimplified(): FatturaElettronicaSemplificata {
  const invoice = structuredClone(fsm10);
  const header = invoice.fattura_elettronica_header;
  header.dati_trasmissione.id_trasmittente.id_codice = SELLER_VAT;
  header.cedente_prestatore.id_fiscale_iva.id_codice = SELLER_VAT;
  const buyer = header.cessionario_committente.identificativi_fiscali.id_fiscale_iva;
  if (buyer) buyer.id_codice = BUYER_VAT;
  return invoice;
}

/** First body, first line and first summary row of an ordinary invoice, for short mutations. */
export function partsOf(invoice: FatturaElettronica) {
  const body = invoice.fattura_elettronica_body[0];
  if (!body) throw new Error('no body');
  const line = body.dati_beni_servizi.dettaglio_linee[0];
  const summary = body.dati_beni_servizi.dati_riepilogo[0];
  if (!line || !summary) throw new Error('no line or summary');
  return {
    header: invoice.fattura_elettronica_header,
    body,
    document: body.dati_generali.dati_generali_documento,
    line,
    summary,
  };
}

/** A reception date after every sample's date. */
export const RECEIVED_AT = new Date('2026-01-15T10:00:00Z');
