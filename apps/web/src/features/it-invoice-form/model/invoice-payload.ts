import type { FatturaElettronica, FatturaElettronicaSemplificata } from '@fiscus/fatturapa';
import { computeInvoiceTotals } from '@fiscus/fatturapa/calc';
import type { FieldValues } from 'react-hook-form';
import { creditNoteDocumentType } from './code-lists';
import type { InvoiceFormMode, InvoiceFormVariant, InvoicePayload } from './invoice-form-types';
import { stripEmpty } from './strip-empty';

function renumberLines(invoice: FatturaElettronica) {
  for (const body of invoice.fattura_elettronica_body) {
    body.dati_beni_servizi?.dettaglio_linee?.forEach((line, index) => {
      line.numero_linea = String(index + 1);
    });
  }
}

/**
 * An IdFiscaleIVA needs both parts: the form starts every fiscal id with country IT, so one
 * whose code was left blank is dropped instead of being sent as a country alone.
 */
function dropIncompleteFiscalIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropIncompleteFiscalIds);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => {
    if (
      key.endsWith('id_fiscale_iva') &&
      item !== null &&
      typeof item === 'object' &&
      isBlankText((item as Record<string, unknown>).id_codice)
    ) {
      return [];
    }
    return [[key, dropIncompleteFiscalIds(item)] as const];
  });
  return Object.fromEntries(entries);
}

function isBlankText(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/**
 * What the API receives from the form: empty values stripped (spec 5), lines numbered 1..n, the
 * credit-note type forced, and for a standard invoice every computed amount (line totals, VAT
 * summary, document total) recomputed by the engine, so the payload never carries a stale
 * total the user did not see change.
 */
export function toInvoicePayload(
  values: FieldValues,
  variant: InvoiceFormVariant,
  mode: InvoiceFormMode,
): InvoicePayload {
  const stripped = (stripEmpty(dropIncompleteFiscalIds(values)) ?? {}) as FieldValues;
  const bodies = Array.isArray(stripped.fattura_elettronica_body)
    ? (stripped.fattura_elettronica_body as FieldValues[])
    : [];
  if (mode === 'credit-note') {
    for (const body of bodies) {
      body.dati_generali ??= {};
      (body.dati_generali as FieldValues).dati_generali_documento ??= {};
      (body.dati_generali as FieldValues).dati_generali_documento.tipo_documento =
        creditNoteDocumentType[variant];
    }
  }
  if (variant === 'simplified') return stripped as FatturaElettronicaSemplificata;
  const invoice = stripped as FatturaElettronica;
  if (!Array.isArray(invoice.fattura_elettronica_body)) return invoice;
  renumberLines(invoice);
  return computeInvoiceTotals(invoice);
}

/** JSON with object keys sorted, so two payloads compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : item,
  );
}
