/**
 * Returns and voids of a sale receipt (spec 3, 4 "Jobs and receipts"; provider section 4):
 * `POST /receipts/{id}/return` names sale items by id with a quantity, never more than what is
 * still returnable; `DELETE /receipts/{id}` voids a sale once, and not after a return (a void
 * cancels the whole document: once part of it has been returned, the rest is returned instead).
 *
 * A returned share of a line is worked from the sale line, not from its price again: its amount
 * and discount are the sale line's in proportion to the quantity (half up at 8 decimals), and the
 * last return of a line takes what is left, so all the returns of a line add up to the sale line
 * exactly and never exceed it.
 */
import { CENT_SCALE, divideHalfUp, readDecimal, sum } from './exact-decimal.ts';
import { lineFigures, type LineFigures, type ReceiptViolation } from './receipt-lines.ts';
import { lineTotals } from './receipt-totals.ts';

/** A line of a receipt with its item id (the transaction id the Agenzia gives each item). */
export interface IdentifiedLine {
  id: string;
  figures: LineFigures;
}

export interface ReturnRequestItem {
  id: string;
  quantity: string;
}

export type ReturnViolationCode =
  | 'receipt_not_returnable'
  | 'items_missing'
  | 'item_unknown'
  | 'item_repeated'
  | 'quantity_invalid'
  | 'quantity_not_positive'
  | 'quantity_exceeds_returnable';

/** Hundredths still returnable of each sale item: sold minus every earlier return of it. */
export function returnableQuantities(
  sold: readonly IdentifiedLine[],
  returned: readonly IdentifiedLine[],
): Map<string, bigint> {
  const left = new Map(sold.map((line) => [line.id, line.figures.quantity]));
  for (const line of returned) {
    left.set(line.id, (left.get(line.id) ?? 0n) - line.figures.quantity);
  }
  return left;
}

/** The share of a sale line returned now, given what earlier returns took of it. */
export function returnedShare(
  sale: LineFigures,
  earlier: readonly LineFigures[],
  quantity: bigint,
): LineFigures {
  const earlierQuantity = sum(earlier.map((line) => line.quantity));
  const last = earlierQuantity + quantity === sale.quantity;
  // Pro rata, but never more than earlier shares left (their rounding up may have taken the
  // whole of a tiny amount); the last share takes exactly what is left.
  const share = (value: bigint, taken: bigint) => {
    const left = value - taken;
    if (last) return left;
    const proRata = divideHalfUp(value * quantity, sale.quantity);
    return proRata < left ? proRata : left;
  };
  const grossTaken = sum(earlier.map((line) => line.grossAmount));
  const discountTaken = sum(earlier.map((line) => line.grossDiscount));
  const grossAmount = share(sale.grossAmount, grossTaken);
  // The discount share keeps what is left of the discount within what is left of the amount
  // (and within this share's amount), so the last share, which takes both remainders, never
  // has more discount than amount and every part adds up to the sale line's discount exactly.
  const discountLeft = sale.grossDiscount - discountTaken;
  const amountLeftAfter = sale.grossAmount - grossTaken - grossAmount;
  const atLeast = discountLeft - amountLeftAfter;
  const atMost = grossAmount < discountLeft ? grossAmount : discountLeft;
  const proRataDiscount = share(sale.grossDiscount, discountTaken);
  const grossDiscount =
    proRataDiscount < atLeast ? atLeast : proRataDiscount > atMost ? atMost : proRataDiscount;
  return lineFigures({
    vatRateCode: sale.vatRateCode,
    complimentary: sale.complimentary,
    quantity,
    grossUnitPrice: sale.grossUnitPrice,
    grossAmount,
    grossDiscount,
  });
}

export type ReturnResult =
  | { ok: true; lines: IdentifiedLine[]; totals: ReturnType<typeof lineTotals> }
  | { ok: false; violations: ReceiptViolation<ReturnViolationCode>[] };

/**
 * The lines of a return receipt for `request`, or every violation found. `returnable` is false
 * when the sale cannot take returns at all (voided, not yet accepted by the Agenzia).
 */
export function computeReturn(
  sold: readonly IdentifiedLine[],
  earlierReturns: readonly IdentifiedLine[],
  request: { items?: readonly ReturnRequestItem[] },
  returnable: boolean,
): ReturnResult {
  if (!returnable) return { ok: false, violations: [{ path: '', code: 'receipt_not_returnable' }] };
  const items = Array.isArray(request.items) ? request.items : [];
  if (items.length === 0)
    return { ok: false, violations: [{ path: 'items', code: 'items_missing' }] };
  const saleLines = new Map(sold.map((line) => [line.id, line.figures]));
  const left = returnableQuantities(sold, earlierReturns);
  const violations: ReceiptViolation<ReturnViolationCode>[] = [];
  const seen = new Set<string>();
  const lines: IdentifiedLine[] = [];
  items.forEach((item, index) => {
    const path = `items[${index}]`;
    const sale = typeof item.id === 'string' ? saleLines.get(item.id) : undefined;
    if (!sale) {
      violations.push({ path: `${path}.id`, code: 'item_unknown' });
      return;
    }
    if (seen.has(item.id)) {
      violations.push({ path: `${path}.id`, code: 'item_repeated' });
      return;
    }
    seen.add(item.id);
    const quantity = readDecimal(item.quantity, CENT_SCALE, CENT_SCALE);
    if (quantity === undefined) {
      violations.push({ path: `${path}.quantity`, code: 'quantity_invalid' });
    } else if (quantity === 0n) {
      violations.push({ path: `${path}.quantity`, code: 'quantity_not_positive' });
    } else if (quantity > (left.get(item.id) ?? 0n)) {
      violations.push({ path: `${path}.quantity`, code: 'quantity_exceeds_returnable' });
    } else {
      const earlier = earlierReturns.filter((line) => line.id === item.id).map((l) => l.figures);
      lines.push({ id: item.id, figures: returnedShare(sale, earlier, quantity) });
    }
  });
  if (violations.length > 0) return { ok: false, violations };
  return { ok: true, lines, totals: lineTotals(lines.map((line) => line.figures)) };
}
