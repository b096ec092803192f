import type { Invoice } from '@fiscus/contracts';
import type { InvoiceFormVariant, InvoicePayload } from '../../it-invoice-form';

/** FSM10 is the simplified format; FPA12 and FPR12 use the standard layout. */
export function variantOfInvoice(
  invoice: Pick<Invoice, 'transmission_format'>,
): InvoiceFormVariant {
  return invoice.transmission_format === 'FSM10' ? 'simplified' : 'standard';
}

/** The stored invoice JSON (a string in the record) as the form's starting value. */
export function payloadOfInvoice(invoice: Pick<Invoice, 'payload'>): InvoicePayload | undefined {
  try {
    const parsed: unknown = JSON.parse(invoice.payload);
    return typeof parsed === 'object' && parsed !== null ? (parsed as InvoicePayload) : undefined;
  } catch {
    return undefined;
  }
}

/** Spec 4 "Credit note mode": a credit note of a credit note is not offered. */
export function canCreateCreditNote(invoice: Pick<Invoice, 'document_type' | 'type'>): boolean {
  return invoice.type === 0 && invoice.document_type !== 'TD04' && invoice.document_type !== 'TD08';
}
