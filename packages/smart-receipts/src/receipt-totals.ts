/**
 * A sale receipt's totals from its lines and payments (spec 3 "Smart receipt", the details'
 * totals): sums of the lines' 8-decimal figures, never recomputed from rounded ones, so a total
 * is always exactly the sum of its lines.
 *
 * Payments: what the customer pays in cash, electronically and in meal vouchers, what is left
 * uncollected (services to be invoiced later, goods delivered), and the payment-time discount
 * ("sconto a pagare", a rounding that does not change the taxable amount) must together equal the
 * document's total to the cent. Choices, where neither the provider nor the Agenzia says more:
 * - `cash_payment_amount` is the cash kept, change already given back: the payload has no field
 *   for the cash handed over, so the payments balance exactly.
 * - `deductible_amount` is what the customer actually paid (cash, electronic, meal vouchers):
 *   what is uncollected or discounted at payment time is not an expense they can deduct.
 * - `invoice_issuing` ("credito – segue fattura") needs an uncollected amount for services.
 * - Meal vouchers are given with their number, and a number with their amount.
 */
import {
  CENT_SCALE,
  FIGURE_SCALE,
  centsText,
  figureText,
  readDecimal,
  sum,
  toCents,
} from './exact-decimal.ts';
import {
  lineDetails,
  readLine,
  type LineFigures,
  type LineViolationCode,
  type ReceiptItemInput,
  type ReceiptLineDetails,
  type ReceiptViolation,
} from './receipt-lines.ts';
import { VAT_RATE_CODES, type VatRateCode } from './vat-rates.ts';

/** The creation payload's fields the arithmetic reads (spec 3, provider section 4). */
export interface ReceiptInput {
  items: readonly ReceiptItemInput[];
  invoice_issuing?: boolean | null;
  services_uncollected_amount?: string | null;
  goods_uncollected_amount?: string | null;
  cash_payment_amount?: string | null;
  electronic_payment_amount?: string | null;
  ticket_restaurant_quantity?: number | null;
  ticket_restaurant_payment_amount?: string | null;
  /** The payment-time discount ("sconto a pagare"), at most 8 decimals. */
  discount?: string | null;
}

export type ReceiptViolationCode =
  | LineViolationCode
  | 'items_missing'
  | 'amount_invalid'
  | 'ticket_quantity_invalid'
  | 'ticket_quantity_required'
  | 'ticket_amount_required'
  | 'invoice_issuing_without_uncollected'
  | 'payments_do_not_match_total';

/** The figures of one VAT code across the lines (the printed document's VAT breakdown). */
export interface VatBreakdownRow {
  vatRateCode: VatRateCode;
  netTaxableAmount: bigint;
  vatAmount: bigint;
  totalAmount: bigint;
}

export interface ReceiptPayments {
  cash: bigint;
  electronic: bigint;
  ticketRestaurant: bigint;
  ticketRestaurantQuantity: number;
  servicesUncollected: bigint;
  goodsUncollected: bigint;
  /** The payment-time discount. */
  discount: bigint;
}

/** Every figure of a receipt, exact (units of 10^-8). */
export interface ReceiptFigures {
  lines: LineFigures[];
  /** The document's amount: the lines' amounts without the complimentary ones. */
  totalAmount: bigint;
  /** The complimentary lines' amounts, VAT included (shown, not paid). */
  complimentaryAmount: bigint;
  totalTaxableAmount: bigint;
  totalVatAmount: bigint;
  /** Net of the lines' discounts. */
  totalDiscount: bigint;
  /** The lines' discounts, VAT included. */
  totalGrossDiscount: bigint;
  totalUncollectedAmount: bigint;
  deductibleAmount: bigint;
  payments: ReceiptPayments;
  vatBreakdown: VatBreakdownRow[];
}

export type ReceiptResult =
  | { ok: true; figures: ReceiptFigures }
  | { ok: false; violations: ReceiptViolation<ReceiptViolationCode>[] };

/** The lines' totals and VAT breakdown, without payments (the console shows them as one types). */
export function lineTotals(lines: readonly LineFigures[]) {
  const breakdown = new Map<VatRateCode, VatBreakdownRow>();
  for (const line of lines) {
    const row = breakdown.get(line.vatRateCode) ?? {
      vatRateCode: line.vatRateCode,
      netTaxableAmount: 0n,
      vatAmount: 0n,
      totalAmount: 0n,
    };
    row.netTaxableAmount += line.netTaxableAmount;
    row.vatAmount += line.vatAmount;
    row.totalAmount += line.totalAmount;
    breakdown.set(line.vatRateCode, row);
  }
  return {
    totalAmount: sum(lines.filter((line) => !line.complimentary).map((line) => line.totalAmount)),
    complimentaryAmount: sum(
      lines.filter((line) => line.complimentary).map((line) => line.totalAmount),
    ),
    totalTaxableAmount: sum(lines.map((line) => line.netTaxableAmount)),
    totalVatAmount: sum(lines.map((line) => line.vatAmount)),
    totalDiscount: sum(lines.map((line) => line.netDiscount)),
    totalGrossDiscount: sum(lines.map((line) => line.grossDiscount)),
    // In the order of the code list: the printed breakdown reads the same on every receipt.
    vatBreakdown: VAT_RATE_CODES.flatMap((code) => breakdown.get(code) ?? []),
  };
}

const CENT_AMOUNTS = [
  'services_uncollected_amount',
  'goods_uncollected_amount',
  'cash_payment_amount',
  'electronic_payment_amount',
  'ticket_restaurant_payment_amount',
] as const;

function readPayments(
  input: ReceiptInput,
  violations: ReceiptViolation<ReceiptViolationCode>[],
): ReceiptPayments | undefined {
  const amounts = new Map<(typeof CENT_AMOUNTS)[number], bigint>();
  for (const field of CENT_AMOUNTS) {
    // Cents, read at 8 decimals so they add to the lines' figures exactly.
    const value = readDecimal(input[field] ?? '0', CENT_SCALE, FIGURE_SCALE);
    if (value === undefined) violations.push({ path: field, code: 'amount_invalid' });
    else amounts.set(field, value);
  }
  const discount = readDecimal(input.discount ?? '0', FIGURE_SCALE, FIGURE_SCALE);
  if (discount === undefined) violations.push({ path: 'discount', code: 'amount_invalid' });
  const quantity = input.ticket_restaurant_quantity ?? 0;
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    violations.push({ path: 'ticket_restaurant_quantity', code: 'ticket_quantity_invalid' });
  }
  if (amounts.size < CENT_AMOUNTS.length || discount === undefined) return undefined;
  const read = (field: (typeof CENT_AMOUNTS)[number]) => amounts.get(field) ?? 0n;
  return {
    cash: read('cash_payment_amount'),
    electronic: read('electronic_payment_amount'),
    ticketRestaurant: read('ticket_restaurant_payment_amount'),
    ticketRestaurantQuantity: Number.isSafeInteger(quantity) ? quantity : 0,
    servicesUncollected: read('services_uncollected_amount'),
    goodsUncollected: read('goods_uncollected_amount'),
    discount,
  };
}

/** The rules between payments and the total; each violation names the field to correct. */
function checkPayments(
  input: ReceiptInput,
  payments: ReceiptPayments,
  totalAmount: bigint,
  violations: ReceiptViolation<ReceiptViolationCode>[],
): void {
  if (payments.ticketRestaurant > 0n && payments.ticketRestaurantQuantity === 0) {
    violations.push({ path: 'ticket_restaurant_quantity', code: 'ticket_quantity_required' });
  }
  if (payments.ticketRestaurant === 0n && payments.ticketRestaurantQuantity > 0) {
    violations.push({ path: 'ticket_restaurant_payment_amount', code: 'ticket_amount_required' });
  }
  if (input.invoice_issuing === true && payments.servicesUncollected === 0n) {
    violations.push({ path: 'invoice_issuing', code: 'invoice_issuing_without_uncollected' });
  }
  const paid = paymentsTotal(payments);
  if (toCents(paid) !== toCents(totalAmount)) {
    violations.push({ path: '', code: 'payments_do_not_match_total' });
  }
}

/** Everything that settles the total: paid, uncollected and the payment-time discount. */
export function paymentsTotal(payments: ReceiptPayments): bigint {
  return (
    payments.cash +
    payments.electronic +
    payments.ticketRestaurant +
    payments.servicesUncollected +
    payments.goodsUncollected +
    payments.discount
  );
}

/**
 * A sale receipt's figures from its creation payload, or every violation found (each on the
 * field's path, such as `items[0].quantity`), so the API can answer 400 with all of them and the
 * console show each beside its field.
 */
export function computeReceipt(input: ReceiptInput): ReceiptResult {
  const violations: ReceiptViolation<ReceiptViolationCode>[] = [];
  const items = Array.isArray(input.items) ? input.items : [];
  if (items.length === 0) violations.push({ path: 'items', code: 'items_missing' });
  const lines: LineFigures[] = [];
  items.forEach((item, index) => {
    const read = readLine(item, `items[${index}]`);
    if ('figures' in read) lines.push(read.figures);
    else violations.push(...read.violations);
  });
  const payments = readPayments(input, violations);
  if (violations.length > 0 || !payments) return { ok: false, violations };
  const totals = lineTotals(lines);
  checkPayments(input, payments, totals.totalAmount, violations);
  if (violations.length > 0) return { ok: false, violations };
  return {
    ok: true,
    figures: {
      lines,
      ...totals,
      totalUncollectedAmount: payments.servicesUncollected + payments.goodsUncollected,
      deductibleAmount: payments.cash + payments.electronic + payments.ticketRestaurant,
      payments,
    },
  };
}

/** The details' totals and items as the API answers them (spec 3 "Details hold totals…"). */
export interface ReceiptDetailsFigures {
  total_amount: string;
  total_taxable_amount: string;
  total_uncollected_amount: string;
  deductible_amount: string;
  total_vat_amount: string;
  total_discount: string;
  total_gross_discount: string;
  discount: string;
  items: ReceiptLineDetails[];
}

export function receiptDetails(figures: ReceiptFigures): ReceiptDetailsFigures {
  return {
    total_amount: figureText(figures.totalAmount),
    total_taxable_amount: figureText(figures.totalTaxableAmount),
    total_uncollected_amount: figureText(figures.totalUncollectedAmount),
    deductible_amount: figureText(figures.deductibleAmount),
    total_vat_amount: figureText(figures.totalVatAmount),
    total_discount: figureText(figures.totalDiscount),
    total_gross_discount: figureText(figures.totalGrossDiscount),
    discount: figureText(figures.payments.discount),
    items: figures.lines.map(lineDetails),
  };
}

/** The total as the printed document shows it, in cents. */
export function printedTotal(figures: Pick<ReceiptFigures, 'totalAmount'>): string {
  return centsText(figures.totalAmount);
}
