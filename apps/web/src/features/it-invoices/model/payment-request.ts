import type { Invoice } from '@fiscus/contracts';
import { fromMinorUnits, toMinorUnits } from '../../../lib/decimal-amount';

/**
 * What a payment request made from a customer invoice needs (issue 36): the invoice it pays (the
 * API adds its number to the reason and marks it paid once the money arrives), its number for
 * the description, the fiscal ids of its sender (whose open-banking registry is offered first)
 * and what is still owed.
 */
export interface InvoicePaymentRequest {
  invoiceUuid: string;
  invoiceNumber: string | null;
  senderFiscalIds: string[];
  /** Decimal string with two decimals, above zero. */
  amountOwed: string;
}

type PayloadFields = Pick<Invoice, 'payload' | 'invoiceTotal'>;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The first body of the FatturaPA payload (snake_case model), or null when it is unreadable. */
function firstBody(payload: string): Record<string, unknown> | null {
  try {
    return record(list(record(JSON.parse(payload))?.fattura_elettronica_body)[0]);
  } catch {
    return null;
  }
}

/**
 * What the invoice asks to be paid, in cents: the sum of the ImportoPagamento of its
 * DatiPagamento when it has any (a split payment or a withholding makes it differ from the
 * document's total), else ImportoTotaleDocumento, else the total the API reports.
 */
export function amountToPayCents(invoice: PayloadFields): bigint | null {
  const body = firstBody(invoice.payload);
  const instalments = list(body?.dati_pagamento)
    .flatMap((terms) => list(record(terms)?.dettaglio_pagamento))
    .map((detail) => record(detail)?.importo_pagamento)
    .filter((amount): amount is string | number => ['string', 'number'].includes(typeof amount))
    .map((amount) => toMinorUnits(String(amount)));
  if (instalments.length > 0 && instalments.every((cents) => cents !== null)) {
    return instalments.reduce<bigint>((sum, cents) => sum + (cents ?? 0n), 0n);
  }
  const document = record(record(body?.dati_generali)?.dati_generali_documento);
  const declared = document?.importo_totale_documento;
  if (typeof declared === 'string' || typeof declared === 'number') {
    const cents = toMinorUnits(String(declared));
    if (cents !== null) return cents;
  }
  return invoice.invoiceTotal === null ? null : toMinorUnits(invoice.invoiceTotal);
}

/** What is still owed: the amount to pay less what bank transactions paid; null when nothing. */
export function amountOwed(invoice: PayloadFields & Pick<Invoice, 'paid_amount'>): string | null {
  const toPay = amountToPayCents(invoice);
  if (toPay === null) return null;
  const paid = invoice.paid_amount ? (toMinorUnits(invoice.paid_amount) ?? 0n) : 0n;
  const owed = toPay - paid;
  return owed > 0n ? fromMinorUnits(owed) : null;
}

/** Markings of an invoice that legally does not exist (SDI or the administration refused it). */
const REFUSED_MARKINGS: ReadonlySet<string> = new Set([
  'invoice-error',
  'rejected',
  'rejected-pa',
  'draft',
  'draft-blocked',
]);

/** "IT01234567897" → "01234567897": registries are keyed by the fiscal id without its prefix. */
function withoutCountry(vatNumber: string): string {
  return vatNumber.replace(/^[A-Z]{2}(?=\d)/i, '');
}

/**
 * The payment request a customer invoice offers, or null: a supplier invoice, a credit note
 * (TD04, TD08: the money goes the other way), a refused invoice, one paid in full or one whose
 * amount is unknown offers none.
 */
export function paymentRequestOf(invoice: Invoice): InvoicePaymentRequest | null {
  if (invoice.type !== 0 || invoice.paid === true) return null;
  if (invoice.document_type === 'TD04' || invoice.document_type === 'TD08') return null;
  if (REFUSED_MARKINGS.has(invoice.marking)) return null;
  const owed = amountOwed(invoice);
  if (owed === null) return null;
  const fiscalIds = [
    invoice.sender.business_fiscal_code,
    invoice.senderVatNumberFormatted && withoutCountry(invoice.senderVatNumberFormatted),
  ].filter((id): id is string => typeof id === 'string' && id !== '');
  return {
    invoiceUuid: invoice.uuid,
    invoiceNumber: invoice.invoiceNumber,
    senderFiscalIds: [...new Set(fiscalIds.map((id) => id.toUpperCase()))],
    amountOwed: owed,
  };
}
