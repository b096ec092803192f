/**
 * The figures of one receipt line, worked as the Agenzia delle Entrate's "documento commerciale
 * online" procedure works them: prices are VAT-inclusive, every figure is computed at full
 * precision and rounded half up to 8 decimals, the VAT is taken out of the line's amount
 * (scorporo: net = amount / (1 + rate), VAT = amount − net) and only the printed document shows
 * cents.
 *
 * Choices where the provider's documentation (its E-Receipt OpenAPI, `ReceiptItem`) and the
 * Agenzia's differ or are silent, each kept in one place here:
 * - `discount` is the line's discount in euro, VAT included, on the whole line (not per unit);
 *   it cannot exceed the line's amount.
 * - `taxable_amount` is the line's net amount before its discount, `net_taxable_amount` after it;
 *   the line's net discount is their difference, so the document's net figures add up exactly
 *   (taxable before discounts − net discounts = taxable).
 * - `unit_price` in the details is the net unit price (gross / (1 + rate)); `gross_price` is the
 *   VAT-inclusive unit price as sent; `unit_discount` is the gross discount per unit.
 * - A complimentary line (omaggio) keeps its taxable amount and VAT (the provider: "deducts the
 *   gift amount from the amount of the document but does not deduct it from the VAT and taxable
 *   amount"); the document's total leaves it out.
 */
import { formatScaled } from '@fiscus/fatturapa/calc';
import {
  CENT_SCALE,
  FIGURE_SCALE,
  divideHalfUp,
  figureText,
  readDecimal,
} from './exact-decimal.ts';
import { isVatRateCode, rateBasisPoints, type VatRateCode } from './vat-rates.ts';

/** A line as the creation payload sends it (spec 3, `items[]`). */
export interface ReceiptItemInput {
  quantity: string;
  description?: string;
  /** VAT-inclusive unit price, at most 8 decimals. */
  unit_price: string;
  vat_rate_code: string;
  /** The line's discount, VAT included, at most 8 decimals; absent or null for none. */
  discount?: string | null;
  complimentary?: boolean;
}

/** One line's exact figures, in units of 10^-8 (quantity in hundredths). */
export interface LineFigures {
  vatRateCode: VatRateCode;
  complimentary: boolean;
  /** Hundredths: 150n is 1.50. */
  quantity: bigint;
  /** VAT-inclusive unit price. */
  grossUnitPrice: bigint;
  /** Net unit price: grossUnitPrice / (1 + rate). */
  netUnitPrice: bigint;
  /** quantity × grossUnitPrice: the line before its discount, VAT included. */
  grossAmount: bigint;
  /** The line's discount, VAT included. */
  grossDiscount: bigint;
  /** Gross discount per unit. */
  unitDiscount: bigint;
  /** Net amount before the discount: grossAmount / (1 + rate). */
  taxableAmount: bigint;
  /** Net amount after the discount: totalAmount / (1 + rate). */
  netTaxableAmount: bigint;
  /** taxableAmount − netTaxableAmount. */
  netDiscount: bigint;
  /** totalAmount − netTaxableAmount. */
  vatAmount: bigint;
  /** grossAmount − grossDiscount: the line's amount, VAT included. */
  totalAmount: bigint;
}

/** Why a line's figures cannot be worked out; the path names the field (`items[2].discount`). */
export type LineViolationCode =
  | 'quantity_invalid'
  | 'quantity_not_positive'
  | 'unit_price_invalid'
  | 'vat_rate_code_invalid'
  | 'discount_invalid'
  | 'discount_exceeds_amount';

export interface ReceiptViolation<Code extends string = string> {
  path: string;
  code: Code;
}

/** What a line's figures are worked from, once read. */
export interface LineBasis {
  vatRateCode: VatRateCode;
  complimentary: boolean;
  quantity: bigint;
  grossUnitPrice: bigint;
  grossAmount: bigint;
  grossDiscount: bigint;
}

/** Net of a VAT-inclusive amount at the rate of `code`, half up at 8 decimals. */
export function netOf(amount: bigint, code: VatRateCode): bigint {
  const basis = rateBasisPoints(code);
  return basis === 0n ? amount : divideHalfUp(amount * 10_000n, 10_000n + basis);
}

/** quantity (hundredths) × unit price (10^-8), half up at 8 decimals. */
export function quantityTimes(quantity: bigint, unitPrice: bigint): bigint {
  return divideHalfUp(quantity * unitPrice, 100n);
}

/** A line's figures from what they are worked from (a sale line, or a share of one returned). */
export function lineFigures(basis: LineBasis): LineFigures {
  const totalAmount = basis.grossAmount - basis.grossDiscount;
  const taxableAmount = netOf(basis.grossAmount, basis.vatRateCode);
  const netTaxableAmount = netOf(totalAmount, basis.vatRateCode);
  return {
    ...basis,
    netUnitPrice: netOf(basis.grossUnitPrice, basis.vatRateCode),
    unitDiscount: divideHalfUp(basis.grossDiscount * 100n, basis.quantity),
    taxableAmount,
    netTaxableAmount,
    netDiscount: taxableAmount - netTaxableAmount,
    vatAmount: totalAmount - netTaxableAmount,
    totalAmount,
  };
}

/**
 * Reads one payload line into its figures, or the violations that stop it (several at once: the
 * form shows each beside its field).
 */
export function readLine(
  item: ReceiptItemInput,
  path: string,
): { figures: LineFigures } | { violations: ReceiptViolation<LineViolationCode>[] } {
  const violations: ReceiptViolation<LineViolationCode>[] = [];
  const quantity = readDecimal(item.quantity, CENT_SCALE, CENT_SCALE);
  if (quantity === undefined)
    violations.push({ path: `${path}.quantity`, code: 'quantity_invalid' });
  else if (quantity === 0n) {
    violations.push({ path: `${path}.quantity`, code: 'quantity_not_positive' });
  }
  const unitPrice = readDecimal(item.unit_price, FIGURE_SCALE, FIGURE_SCALE);
  if (unitPrice === undefined) {
    violations.push({ path: `${path}.unit_price`, code: 'unit_price_invalid' });
  }
  const code = item.vat_rate_code;
  if (!isVatRateCode(code)) {
    violations.push({ path: `${path}.vat_rate_code`, code: 'vat_rate_code_invalid' });
  }
  const rawDiscount = item.discount ?? '0';
  const discount = readDecimal(rawDiscount, FIGURE_SCALE, FIGURE_SCALE);
  if (discount === undefined)
    violations.push({ path: `${path}.discount`, code: 'discount_invalid' });
  if (
    violations.length > 0 ||
    quantity === undefined ||
    unitPrice === undefined ||
    discount === undefined ||
    !isVatRateCode(code)
  ) {
    return { violations };
  }
  const grossAmount = quantityTimes(quantity, unitPrice);
  if (discount > grossAmount) {
    return { violations: [{ path: `${path}.discount`, code: 'discount_exceeds_amount' }] };
  }
  return {
    figures: lineFigures({
      vatRateCode: code,
      complimentary: item.complimentary === true,
      quantity,
      grossUnitPrice: unitPrice,
      grossAmount,
      grossDiscount: discount,
    }),
  };
}

/** A line's figures as the receipt details show them (spec 3 "Details … items"). */
export interface ReceiptLineDetails {
  quantity: string;
  vat_rate: VatRateCode;
  gross_price: string;
  gross_discount: string;
  complimentary: boolean;
  unit_price: string;
  unit_discount: string;
  taxable_amount: string;
  net_taxable_amount: string;
  vat_amount: string;
  total_amount: string;
}

export function lineDetails(figures: LineFigures): ReceiptLineDetails {
  return {
    quantity: formatScaled(figures.quantity, CENT_SCALE),
    vat_rate: figures.vatRateCode,
    gross_price: figureText(figures.grossUnitPrice),
    gross_discount: figureText(figures.grossDiscount),
    complimentary: figures.complimentary,
    unit_price: figureText(figures.netUnitPrice),
    unit_discount: figureText(figures.unitDiscount),
    taxable_amount: figureText(figures.taxableAmount),
    net_taxable_amount: figureText(figures.netTaxableAmount),
    vat_amount: figureText(figures.vatAmount),
    total_amount: figureText(figures.totalAmount),
  };
}
