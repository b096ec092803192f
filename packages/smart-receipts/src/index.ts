/**
 * Italian smart receipts (documento commerciale online): the receipt arithmetic shared by the
 * console (totals as the user types) and the API (what it stores, answers and prints).
 * Browser-safe, no I/O; exact decimals (bigint units of 10^-8), never binary floats.
 */
export {
  CENT_SCALE,
  FIGURE_SCALE,
  centsText,
  divideHalfUp,
  figureText,
  hundredthsText,
  readDecimal,
  toCents,
} from './exact-decimal.ts';
export { lineDetails, lineFigures, netOf, quantityTimes, readLine } from './receipt-lines.ts';
export type {
  LineBasis,
  LineFigures,
  LineViolationCode,
  ReceiptItemInput,
  ReceiptLineDetails,
  ReceiptViolation,
} from './receipt-lines.ts';
export {
  computeReceipt,
  lineTotals,
  paymentsTotal,
  printedTotal,
  receiptDetails,
} from './receipt-totals.ts';
export type {
  ReceiptDetailsFigures,
  ReceiptFigures,
  ReceiptInput,
  ReceiptPayments,
  ReceiptResult,
  ReceiptViolationCode,
  VatBreakdownRow,
} from './receipt-totals.ts';
export { computeReturn, returnableQuantities, returnedShare } from './receipt-returns.ts';
export type {
  IdentifiedLine,
  ReturnRequestItem,
  ReturnResult,
  ReturnViolationCode,
} from './receipt-returns.ts';
export { RECEIPT_STATUSES, RECEIPT_TYPES, canReturn, canVoid } from './receipt-lifecycle.ts';
export type { ReceiptState, ReceiptStatus, ReceiptType } from './receipt-lifecycle.ts';
export { VAT_RATE_CODES, isNatureCode, isVatRateCode, rateBasisPoints } from './vat-rates.ts';
export type { NatureCode, VatRateCode } from './vat-rates.ts';
