import { declaredFormat, jsonToXml, type JsonToXmlOptions } from './codec/json-to-xml.ts';
import type { AnyInvoice, InvoiceFormat } from './model/index.ts';

/**
 * Writes an invoice as FatturaPA XML ready for SDI (root `p:FatturaElettronica` or
 * `p:FatturaElettronicaSemplificata` with its namespace and `versione`, elements in schema
 * order). `format` defaults to the invoice's `formato_trasmissione`. Keys unknown to the schema
 * are skipped: run `validateInvoice` on the JSON to have them reported.
 */
export function toXml(
  invoice: AnyInvoice,
  format: InvoiceFormat = declaredFormat(invoice),
  options: JsonToXmlOptions = {},
): string {
  return jsonToXml(invoice, format, options);
}
