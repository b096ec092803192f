import { readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import path from 'node:path';
import type { AnyInvoice, FatturaElettronica } from '../../src/model/index.ts';
import { parseInvoice } from '../../src/parse.ts';
import { officialSamples } from '../corpus-paths.ts';

export const fpr01Path = path.join(officialSamples, 'v1.2.2/IT01234567890_FPR01.xml');

/** Reads a sample file through the package's own parser (encodings, p7m, prefixes). */
export async function loadInvoice(file: string): Promise<AnyInvoice> {
  const parsed = await parseInvoice(readFileSync(file));
  if (!parsed.ok) {
    throw new Error(`${file} does not parse: ${parsed.findings.map((f) => f.message).join('; ')}`);
  }
  return parsed.invoice;
}

/**
 * The official FPR01 with `count` lines of 5 × 1.00 at 22%, and a VAT summary and total that
 * match them: a long invoice for page-break checks and timings.
 */
export async function invoiceWithLines(count: number): Promise<FatturaElettronica> {
  const invoice = (await loadInvoice(fpr01Path)) as FatturaElettronica;
  const body = invoice.fattura_elettronica_body[0];
  if (!body) throw new Error('FPR01 has no body');
  const taxable = new Decimal(5).times(count);
  const tax = taxable.times('0.22');
  body.dati_beni_servizi = {
    dettaglio_linee: Array.from({ length: count }, (_, index) => ({
      numero_linea: String(index + 1),
      descrizione: `Articolo di prova numero ${index + 1}`,
      quantita: '5.00',
      prezzo_unitario: '1.00',
      prezzo_totale: '5.00',
      aliquota_iva: '22.00',
    })),
    dati_riepilogo: [
      {
        aliquota_iva: '22.00',
        imponibile_importo: taxable.toFixed(2),
        imposta: tax.toFixed(2),
        esigibilita_iva: 'I',
      },
    ],
  };
  body.dati_generali.dati_generali_documento.importo_totale_documento = taxable
    .plus(tax)
    .toFixed(2);
  return invoice;
}
