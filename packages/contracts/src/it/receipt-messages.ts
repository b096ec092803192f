/**
 * The smart receipts' codes, limits and violation messages without zod (the console's lists and
 * forms import them from `@fiscus/contracts/receipt-messages`; the schemas stay out of their
 * first load).
 */
import { VAT_RATE_CODES } from '@fiscus/smart-receipts/vat-rates';

export const receiptTypes = ['sale', 'return', 'void'] as const;
export type ReceiptTypeName = (typeof receiptTypes)[number];

export const receiptStatuses = ['new', 'submitted', 'ready', 'retry', 'failed', 'voided'] as const;
export type ReceiptStatusName = (typeof receiptStatuses)[number];

export const receiptVatRateCodes = VAT_RATE_CODES;

/** The lottery code's length (spec 9). */
export const LOTTERY_CODE_LENGTH = 8;
/** Most lines one receipt holds. */
export const RECEIPT_MAX_ITEMS = 500;
/** Longest item description (the provider's ReceiptItem: at most 1,000 characters). */
export const RECEIPT_DESCRIPTION_MAX_LENGTH = 1000;

/**
 * What a refused receipt's violations say, by code (the arithmetic's codes and the service's):
 * the English sentence API users read; the console words the code in the user's language.
 */
export const RECEIPT_VIOLATION_MESSAGES = {
  items_missing: 'At least one item is required.',
  quantity_invalid: 'This field must be a decimal and have at most 2 decimal places.',
  quantity_not_positive: 'The quantity must be greater than zero.',
  unit_price_invalid: 'This field must be a decimal and have at most 8 decimal places.',
  vat_rate_code_invalid: 'The value you selected is not a valid choice.',
  discount_invalid: 'This field must be a decimal and have at most 8 decimal places.',
  discount_exceeds_amount: "The discount cannot exceed the line's amount.",
  amount_invalid: 'This field must be a decimal and have at most 2 decimal places.',
  ticket_quantity_invalid: 'This field must be an integer.',
  ticket_quantity_required: 'Give the number of meal vouchers with their amount.',
  ticket_amount_required: 'Give the amount of the meal vouchers with their number.',
  invoice_issuing_without_uncollected:
    'An invoice to follow needs an uncollected amount for services.',
  payments_do_not_match_total:
    'Payments, uncollected amounts and the payment discount must equal the total to the cent.',
  lottery_code_invalid: 'This field must have 8 characters.',
  fiscal_id_not_receipts_enabled:
    'No business registry with smart receipts enabled has this fiscal id.',
  receipt_not_returnable: 'Only a sale accepted by the Agenzia delle Entrate can be returned.',
  item_unknown: 'This item is not on the receipt.',
  item_repeated: 'This item is already in the return.',
  quantity_exceeds_returnable: 'More than the quantity still returnable.',
} as const;
export type ReceiptViolationKey = keyof typeof RECEIPT_VIOLATION_MESSAGES;
