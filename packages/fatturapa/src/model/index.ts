/**
 * Typed model of FatturaPA invoices, generated from the official XSDs by
 * `scripts/generate-model.ts` (ordinary: Schema_VFPA12_V1.2.3.xsd, simplified: Schema_VFSM10.xsd).
 *
 * Rules of the JSON shape (spec/console/italian-invoicing.md §3), which every part of the package
 * relies on:
 * - Keys are the XML element names in snake_case: `_` at a lower→upper boundary and before the
 *   last capital of a run followed by a lowercase (IdFiscaleIVA → id_fiscale_iva, PECDestinatario
 *   → pec_destinatario, DatiDDT → dati_ddt, NumeroDDT → numero_ddt, CodEORI → cod_eori, Art73 →
 *   art73, CodiceCUP → codice_cup, IBAN → iban). See `toSnakeCase`.
 * - Every element the schema lets repeat (maxOccurs > 1) is ALWAYS an array, even with one item
 *   (`fattura_elettronica_body[0]`, `dettaglio_linee[i]`, `dati_riepilogo[i]`, `dati_pagamento[i]`,
 *   `dettaglio_pagamento[i]`, `causale[i]`, `dati_ritenuta[i]`, `riferimento_numero_linea[i]`…).
 * - Every leaf is a string, exactly as written in the XML: amounts and quantities stay decimal
 *   strings (`'1234.50'`, never numbers), dates are `YYYY-MM-DD` strings, with no time zone.
 * - Optional elements are optional keys (absent, not `null`/`''`). Both branches of an XSD choice
 *   (Denominazione | Nome + Cognome) are optional keys.
 * - The root attribute `versione` is not in the JSON: it is the `InvoiceFormat` carried beside
 *   the invoice (`parseInvoice` returns it; `toXml` takes it or derives it from
 *   `dati_trasmissione.formato_trasmissione`). `SistemaEmittente` is `sistema_emittente`.
 *   The enveloped `ds:Signature` is not part of the model.
 * - Simplified (FSM10) interfaces carry the `Semplificata` prefix where names clash.
 */
export type * from './ordinary.generated.ts';
export type * from './simplified.generated.ts';
export { toSnakeCase } from './snake-case.ts';

import type { FatturaElettronica } from './ordinary.generated.ts';
import type { FatturaElettronicaSemplificata } from './simplified.generated.ts';

/** Transmission format, the root `versione` attribute: FPA12 (to PA), FPR12 (B2B/B2C), FSM10. */
export type InvoiceFormat = 'FPA12' | 'FPR12' | 'FSM10';

/** Either kind of invoice; use `isSimplified` or the format to tell them apart. */
export type AnyInvoice = FatturaElettronica | FatturaElettronicaSemplificata;

export const INVOICE_FORMATS: readonly InvoiceFormat[] = ['FPA12', 'FPR12', 'FSM10'];

/** Simplified invoices have `dati_beni_servizi` as an array directly in each body. */
export function isSimplified(invoice: AnyInvoice): invoice is FatturaElettronicaSemplificata {
  const body = invoice.fattura_elettronica_body[0];
  return body !== undefined && Array.isArray(body.dati_beni_servizi);
}
