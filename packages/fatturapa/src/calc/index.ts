/**
 * Invoice calculations for the console's form and the server: line totals, VAT summary,
 * document total, withholding, stamp duty and payment totals. Browser-safe, no I/O; amounts in
 * and out are decimal strings, computed exactly (never binary floats).
 */
export { computeLineTotal, exactLineTotal } from './line-total.ts';
export type { LinePricing, ScaledValue } from './line-total.ts';
export { computeImposta, computeVatSummary, vatSummaryKey } from './vat-summary.ts';
export type { VatSummaryInput } from './vat-summary.ts';
export { computeDocumentTotal } from './document-total.ts';
export type { DocumentTotalInput } from './document-total.ts';
export { computePercentageOf, computeWithholding, computeWithholdingBase } from './withholding.ts';
export {
  STAMP_DUTY_AMOUNT,
  STAMP_DUTY_THRESHOLD,
  isStampDutyNatura,
  isStampDutyRequired,
  stampDutyBase,
} from './stamp-duty.ts';
export { computeAmountDue, computePaymentTotal } from './payment.ts';
export type { AmountDueInput } from './payment.ts';
export { computeInvoiceTotals } from './invoice-totals.ts';
export {
  AMOUNT_SCALE,
  PRICE_SCALE,
  canonicalRate,
  formatScaled,
  parseScaled,
  rescale,
} from './fixed-decimal.ts';
