/**
 * The sale and return forms (italian-invoicing spec 5 "Smart receipt form", 9): the values as the
 * form holds them (text, as typed), their rules with the spec's messages, the request they make
 * (commas read as points, an empty optional value sent as null) and the totals shown as the user
 * types, worked by the same arithmetic as the server's (`@fiscus/smart-receipts`).
 */
import {
  LOTTERY_CODE_LENGTH,
  RECEIPT_VIOLATION_MESSAGES,
} from '@fiscus/contracts/receipt-messages';
import type { ReceiptRequest, ReceiptReturnRequest } from '@fiscus/contracts';
import { centsText, lineTotals, readLine, type LineFigures } from '@fiscus/smart-receipts';
import { z } from 'zod';

export const RECEIPT_FORM_MESSAGES = {
  required: 'This field is required',
  lotteryLength: `This field must have ${LOTTERY_CODE_LENGTH} characters`,
  decimal2: 'This field must be a decimal and have at most 2 decimal places',
  decimal8: 'This field must be a decimal and have at most 8 decimal places',
  integer: 'This field must be an integer',
  atLeastOneItem: 'At least one item is required.',
} as const;

/** The key under `validation.` of a message the form or the server wrote, else undefined. */
export function receiptMessageKey(message: string): string | undefined {
  for (const [key, text] of Object.entries(RECEIPT_FORM_MESSAGES)) if (text === message) return key;
  for (const [key, text] of Object.entries(RECEIPT_VIOLATION_MESSAGES))
    if (text === message) return key;
  return undefined;
}

/** Commas read as points (spec 5: "On blur numbers are normalised (comma to dot)"). */
export function normalDecimal(text: string): string {
  return text.trim().replace(',', '.');
}

const decimalWith = (decimals: number) => new RegExp(`^\\d{1,12}(\\.\\d{1,${decimals}})?$`);
const DECIMAL_2 = decimalWith(2);
const DECIMAL_8 = decimalWith(8);

const decimal = (pattern: RegExp, message: string, required: boolean) =>
  z.string().superRefine((value, context) => {
    const text = normalDecimal(value);
    if (text === '') {
      if (required) context.addIssue({ code: 'custom', message: RECEIPT_FORM_MESSAGES.required });
      return;
    }
    if (!pattern.test(text)) context.addIssue({ code: 'custom', message });
  });

const amount = decimal(DECIMAL_2, RECEIPT_FORM_MESSAGES.decimal2, false);

export const saleItemSchema = z.object({
  quantity: decimal(DECIMAL_2, RECEIPT_FORM_MESSAGES.decimal2, true),
  description: z.string().trim().min(1, RECEIPT_FORM_MESSAGES.required).max(1000),
  unit_price: decimal(DECIMAL_8, RECEIPT_FORM_MESSAGES.decimal8, true),
  vat_rate_code: z.string().min(1, RECEIPT_FORM_MESSAGES.required),
  discount: decimal(DECIMAL_8, RECEIPT_FORM_MESSAGES.decimal8, false),
  complimentary: z.boolean(),
});

export const saleFormSchema = z.object({
  fiscal_id: z.string().trim().min(1, RECEIPT_FORM_MESSAGES.required),
  lottery_code: z
    .string()
    .trim()
    .refine(
      (code) => code === '' || code.length === LOTTERY_CODE_LENGTH,
      RECEIPT_FORM_MESSAGES.lotteryLength,
    ),
  items: z.array(saleItemSchema).min(1, RECEIPT_FORM_MESSAGES.atLeastOneItem),
  services_uncollected_amount: amount,
  goods_uncollected_amount: amount,
  cash_payment_amount: amount,
  electronic_payment_amount: amount,
  ticket_restaurant_payment_amount: amount,
  ticket_restaurant_quantity: z
    .string()
    .refine(
      (value) => value.trim() === '' || /^\d{1,6}$/.test(value.trim()),
      RECEIPT_FORM_MESSAGES.integer,
    ),
  discount: decimal(DECIMAL_8, RECEIPT_FORM_MESSAGES.decimal8, false),
  invoice_issuing: z.boolean(),
});
export type SaleFormValues = z.input<typeof saleFormSchema>;
export type SaleItemValues = SaleFormValues['items'][number];

/** Spec 5: "Default new item: quantity 1.00, unit_price 0.00, vat code 4". */
export function newSaleItem(): SaleItemValues {
  return {
    quantity: '1.00',
    description: '',
    unit_price: '0.00',
    vat_rate_code: '4',
    discount: '',
    complimentary: false,
  };
}

export function emptySale(fiscalId = ''): SaleFormValues {
  return {
    fiscal_id: fiscalId,
    lottery_code: '',
    items: [newSaleItem()],
    services_uncollected_amount: '',
    goods_uncollected_amount: '',
    cash_payment_amount: '',
    electronic_payment_amount: '',
    ticket_restaurant_payment_amount: '',
    ticket_restaurant_quantity: '',
    discount: '',
    invoice_issuing: false,
  };
}

const optional = (text: string) => (normalDecimal(text) === '' ? null : normalDecimal(text));

export function toReceiptRequest(values: SaleFormValues): ReceiptRequest {
  const tickets = values.ticket_restaurant_quantity.trim();
  return {
    fiscal_id: values.fiscal_id.trim().toUpperCase(),
    lottery_code:
      values.lottery_code.trim() === '' ? null : values.lottery_code.trim().toUpperCase(),
    items: values.items.map((item) => ({
      quantity: normalDecimal(item.quantity),
      description: item.description.trim(),
      unit_price: normalDecimal(item.unit_price),
      vat_rate_code: item.vat_rate_code,
      discount: optional(item.discount),
      complimentary: item.complimentary,
    })),
    services_uncollected_amount: optional(values.services_uncollected_amount),
    goods_uncollected_amount: optional(values.goods_uncollected_amount),
    cash_payment_amount: optional(values.cash_payment_amount),
    electronic_payment_amount: optional(values.electronic_payment_amount),
    ticket_restaurant_payment_amount: optional(values.ticket_restaurant_payment_amount),
    ticket_restaurant_quantity: tickets === '' ? null : Number(tickets),
    discount: optional(values.discount),
    invoice_issuing: values.invoice_issuing,
  };
}

/** What the form shows below the lines while the user types, in cents (spec: only paper shows cents). */
export interface LiveTotals {
  total: string;
  taxable: string;
  vat: string;
  /** Lines that cannot be worked yet (half typed): not in the totals. */
  pending: number;
}

export function liveTotals(items: readonly SaleItemValues[]): LiveTotals {
  const lines: LineFigures[] = [];
  let pending = 0;
  items.forEach((item, index) => {
    const read = readLine(
      {
        quantity: normalDecimal(item.quantity),
        unit_price: normalDecimal(item.unit_price),
        vat_rate_code: item.vat_rate_code,
        discount: optional(item.discount),
        complimentary: item.complimentary,
      },
      `items[${index}]`,
    );
    if ('figures' in read) lines.push(read.figures);
    else pending += 1;
  });
  const totals = lineTotals(lines);
  return {
    total: centsText(totals.totalAmount),
    taxable: centsText(totals.totalTaxableAmount),
    vat: centsText(totals.totalVatAmount),
    pending,
  };
}

/** The return form: sale items by the Agenzia's id, each with a quantity. */
export const returnFormSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string().min(1, RECEIPT_FORM_MESSAGES.required),
        quantity: decimal(DECIMAL_2, RECEIPT_FORM_MESSAGES.decimal2, true),
      }),
    )
    .min(1, RECEIPT_FORM_MESSAGES.atLeastOneItem),
});
export type ReturnFormValues = z.input<typeof returnFormSchema>;

export function toReturnRequest(values: ReturnFormValues): ReceiptReturnRequest {
  return {
    items: values.items.map((item) => ({ id: item.id, quantity: normalDecimal(item.quantity) })),
  };
}

/** The server's `items[2].quantity` as the form's field name `items.2.quantity`. */
export function formFieldOf(propertyPath: string): string {
  return propertyPath.replace(/\[(\d+)\]/g, '.$1');
}
