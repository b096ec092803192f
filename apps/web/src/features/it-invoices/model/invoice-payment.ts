import type { Invoice } from '@fiscus/contracts';
import { toMinorUnits } from '../../../lib/decimal-amount';

/**
 * What the bank transactions gave a customer invoice (open banking's reconciliation, issue 36):
 * paid in full (with the day it became so, when known), partly paid (the amount so far and the
 * invoice's total), or nothing yet.
 */
export type InvoicePayment =
  | { state: 'paid'; paidAt: string | null }
  | { state: 'partlyPaid'; paidAmount: string; total: string | null }
  | { state: 'unpaid' };

type PaymentFields = Pick<Invoice, 'paid' | 'paid_amount' | 'paid_at' | 'invoiceTotal'>;

/**
 * The payment of an invoice as the API reports it. The API decides "paid in full" (`paid`); a
 * `paid_amount` of zero (or not a decimal) is no payment at all. Amounts are compared in
 * integer cents, never through floats.
 */
export function invoicePayment(invoice: PaymentFields): InvoicePayment {
  if (invoice.paid === true) return { state: 'paid', paidAt: invoice.paid_at ?? null };
  const paidAmount = invoice.paid_amount ?? null;
  const cents = paidAmount === null ? null : toMinorUnits(paidAmount);
  if (paidAmount !== null && cents !== null && cents > 0n) {
    return { state: 'partlyPaid', paidAmount, total: invoice.invoiceTotal };
  }
  return { state: 'unpaid' };
}
