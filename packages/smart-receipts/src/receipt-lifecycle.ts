/**
 * What can be done to a receipt (spec 4 "Jobs and receipts", provider section 4 "Lifecycle"):
 * new → submitted → ready, with retry while the Agenzia cannot be reached and failed when it
 * rejects the data, retries run out or the day ends unsent; a sale is voided once.
 *
 * The spec leaves out which status shows the return and void actions: a receipt the Agenzia has
 * accepted and numbered (`ready`), since a return or a void cites the sale's document number.
 */

export const RECEIPT_TYPES = ['sale', 'return', 'void'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

export const RECEIPT_STATUSES = ['new', 'submitted', 'ready', 'retry', 'failed', 'voided'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

export interface ReceiptState {
  type: ReceiptType;
  status: ReceiptStatus;
  /** Return receipts made from this sale that were not themselves failed. */
  returnCount: number;
  /** Hundredths of every item still returnable, summed. */
  quantityLeft: bigint;
}

/** A sale the Agenzia accepted, with something left to return. */
export function canReturn(receipt: ReceiptState): boolean {
  return receipt.type === 'sale' && receipt.status === 'ready' && receipt.quantityLeft > 0n;
}

/** A sale the Agenzia accepted, never voided nor partly returned. */
export function canVoid(receipt: ReceiptState): boolean {
  return receipt.type === 'sale' && receipt.status === 'ready' && receipt.returnCount === 0;
}
