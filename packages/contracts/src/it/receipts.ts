import { z } from 'zod';
// The code list only: the contracts reach the console's first load, the arithmetic does not.
import { VAT_RATE_CODES } from '@fiscus/smart-receipts/vat-rates';
import { timestampField } from '../common/fields.ts';
import { paginationQuerySchema } from '../platform/hydra.ts';
import {
  RECEIPT_DESCRIPTION_MAX_LENGTH,
  RECEIPT_MAX_ITEMS,
  receiptStatuses,
  receiptTypes,
} from './receipt-messages.ts';

export * from './receipt-messages.ts';

/*
 * Smart receipts (documento commerciale online; italian-invoicing spec 2 "Smart receipt screens",
 * 3 "Smart receipt", 5 "Smart receipt form", 7 `/receipts`; provider section 4): sales sent to
 * the Agenzia delle Entrate, and the returns and voids made from them. The figures are worked by
 * `@fiscus/smart-receipts`; these schemas say the shapes only, so a refused figure is answered as
 * a violation on its field, all at once, never as a schema error on the first one.
 */

/**
 * A decimal the payload may send as a string or a JSON number (the provider accepts both): a
 * number is taken as JavaScript writes it back, which is the text it was sent as for every
 * decimal of up to 15 significant digits; longer ones, exponents and negatives are refused by
 * the arithmetic on the field's path.
 */
const decimalInput = z
  .union([z.string().max(64), z.number()])
  .transform((value) => (typeof value === 'number' ? String(value) : value));

const optionalDecimal = decimalInput.nullish();

export const receiptItemRequestSchema = z.object({
  quantity: decimalInput,
  description: z.string().trim().min(1).max(RECEIPT_DESCRIPTION_MAX_LENGTH),
  /** VAT-inclusive unit price, up to 8 decimals. */
  unit_price: decimalInput,
  vat_rate_code: z.string().max(8),
  /** The line's discount, VAT included, up to 8 decimals. */
  discount: optionalDecimal,
  complimentary: z.boolean().nullish(),
});

/** `POST /receipts` (spec 3 "Creation payload"). */
export const receiptRequestSchema = z.object({
  fiscal_id: z.string().trim().min(1).max(28),
  lottery_code: z.string().trim().max(16).nullish(),
  items: z.array(receiptItemRequestSchema).max(RECEIPT_MAX_ITEMS),
  invoice_issuing: z.boolean().nullish(),
  services_uncollected_amount: optionalDecimal,
  goods_uncollected_amount: optionalDecimal,
  cash_payment_amount: optionalDecimal,
  electronic_payment_amount: optionalDecimal,
  ticket_restaurant_quantity: z.number().nullish(),
  ticket_restaurant_payment_amount: optionalDecimal,
  /** The payment-time discount ("sconto a pagare"): it does not change the taxable amount. */
  discount: optionalDecimal,
  /** A sale this one is linked to (its uuid). */
  linked_receipt: z.uuid().nullish(),
  /** Receives the receipt's PDF once the Agenzia has accepted it. */
  email: z.email().max(255).nullish(),
});
export type ReceiptRequest = z.input<typeof receiptRequestSchema>;

/** `POST /receipts/{id}/return`: sale items by id (the Agenzia's item id) and a quantity. */
export const receiptReturnRequestSchema = z.object({
  items: z
    .array(z.object({ id: z.string().max(64), quantity: decimalInput }))
    .max(RECEIPT_MAX_ITEMS),
});
export type ReceiptReturnRequest = z.input<typeof receiptReturnRequestSchema>;

export const receiptParamsSchema = z.object({ uuid: z.uuid() });

/** A receipt in the list and alone (spec 3 "Smart receipt"). */
export const receiptSchema = z.object({
  uuid: z.uuid(),
  id: z.uuid(),
  type: z.enum(receiptTypes),
  status: z.enum(receiptStatuses),
  fiscal_id: z.string(),
  created_at: timestampField,
  /** The document's amount, 8 decimals. */
  total_amount: z.string(),
  /** The Agenzia's transaction id of the document, once accepted. */
  transaction_id: z.string().nullable(),
  /** The Agenzia's document number (`DCW2026/0001-0001`), once accepted. */
  document_number: z.string().nullable(),
  document_date: timestampField.nullable(),
  /** On a void: the sale it voids. */
  voided_receipt: z.uuid().nullable(),
  /** On a return: the sale it returns from. */
  returned_receipt: z.uuid().nullable(),
  /** On a sale: its void. */
  voiding_receipt: z.uuid().nullable(),
  /** On a sale: its returns. */
  return_receipts: z.array(z.uuid()),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptDetailsItemSchema = z.object({
  /** The Agenzia's id of the item (what a return names). */
  id: z.string().nullable(),
  quantity: z.string(),
  description: z.string(),
  vat_rate: z.enum(VAT_RATE_CODES),
  gross_price: z.string(),
  gross_discount: z.string(),
  complimentary: z.boolean(),
  unit_price: z.string(),
  unit_discount: z.string(),
  /** On a sale: the quantity returned so far. */
  return: z.string(),
  taxable_amount: z.string(),
  net_taxable_amount: z.string(),
  vat_amount: z.string(),
  total_amount: z.string(),
});

/** `GET /receipts/{id}/details` as JSON (spec 3 "Details hold totals … and items"). */
export const receiptDetailsSchema = receiptSchema.extend({
  lottery_code: z.string().nullable(),
  total_taxable_amount: z.string(),
  total_uncollected_amount: z.string(),
  deductible_amount: z.string(),
  total_vat_amount: z.string(),
  total_discount: z.string(),
  total_gross_discount: z.string(),
  discount: z.string(),
  cash_payment_amount: z.string(),
  electronic_payment_amount: z.string(),
  ticket_restaurant_payment_amount: z.string(),
  ticket_restaurant_quantity: z.number().int(),
  invoice_issuing: z.boolean(),
  items: z.array(receiptDetailsItemSchema),
});
export type ReceiptDetails = z.infer<typeof receiptDetailsSchema>;

const dateBound = z
  .string()
  .max(40)
  .optional()
  .meta({ description: 'ISO 8601 date or date-time; one without a zone is read as UTC.' });

/** `GET /receipts` (spec 7): the console's filters. */
export const receiptListQuerySchema = paginationQuerySchema.extend({
  type: z.enum(receiptTypes).optional(),
  status: z.enum(receiptStatuses).optional(),
  document_number: z.string().max(64).optional(),
  'business_registry_configuration.fiscal_id[]': z
    .union([z.string().max(28), z.array(z.string().max(28)).max(100)])
    .optional(),
  'created_at[after]': dateBound,
  'created_at[before]': dateBound,
  'document_date[after]': dateBound,
  'document_date[before]': dateBound,
});
export type ReceiptListQuery = z.infer<typeof receiptListQuerySchema>;
