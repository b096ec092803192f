/**
 * Between the receipt arithmetic's exact figures (bigints of 10^-8) and the stored rows (numeric
 * text) and the API's shapes (spec 3). Numeric columns come back from PostgreSQL as text with
 * their scale (`'10.00000000'`), read exactly.
 */
import type {
  Receipt,
  ReceiptDetails,
  ReceiptStatusName,
  ReceiptTypeName,
} from '@fiscus/contracts';
import {
  figureText,
  hundredthsText,
  lineDetails,
  lineFigures,
  readDecimal,
  type LineFigures,
  type VatRateCode,
} from '@fiscus/smart-receipts';
import type {
  ItReceiptItemRow,
  ItReceiptRow,
  NewItReceiptItemRow,
} from '../../../db/schema/index.ts';
import type { ReceiptWithLinks } from './receipts.repository.ts';

/** A stored figure (numeric text) as units of 10^-8. */
export function storedFigure(text: string): bigint {
  const value = readDecimal(text, 8, 8);
  if (value === undefined) throw new Error(`not a stored figure: ${text}`);
  return value;
}

/** The row of one line, from its figures. */
export function itemRow(
  figures: LineFigures,
  position: number,
  description: string,
  salePosition: number | null = null,
): Omit<NewItReceiptItemRow, 'receiptUuid'> {
  return {
    position,
    salePosition,
    description,
    quantity: hundredthsText(figures.quantity),
    vatRateCode: figures.vatRateCode,
    complimentary: figures.complimentary,
    grossUnitPrice: figureText(figures.grossUnitPrice),
    netUnitPrice: figureText(figures.netUnitPrice),
    grossAmount: figureText(figures.grossAmount),
    grossDiscount: figureText(figures.grossDiscount),
    unitDiscount: figureText(figures.unitDiscount),
    taxableAmount: figureText(figures.taxableAmount),
    netTaxableAmount: figureText(figures.netTaxableAmount),
    netDiscount: figureText(figures.netDiscount),
    vatAmount: figureText(figures.vatAmount),
    totalAmount: figureText(figures.totalAmount),
  };
}

/** A stored line's figures, worked again from what they were worked from (they agree exactly). */
export function figuresOf(row: ItReceiptItemRow): LineFigures {
  return lineFigures({
    vatRateCode: row.vatRateCode as VatRateCode,
    complimentary: row.complimentary,
    quantity: storedFigure(row.quantity) / 1_000_000n,
    grossUnitPrice: storedFigure(row.grossUnitPrice),
    grossAmount: storedFigure(row.grossAmount),
    grossDiscount: storedFigure(row.grossDiscount),
  });
}

/** A receipt's file name without extension: `documento-commerciale-DCW2026-0341-0007`. */
export function receiptFileStem(documentNumber: string | null, uuid: string): string {
  return `documento-commerciale-${(documentNumber ?? uuid).replace(/[^\w-]+/g, '-')}`;
}

export function toReceipt(row: ReceiptWithLinks): Receipt {
  return {
    uuid: row.uuid,
    id: row.uuid,
    type: row.type as ReceiptTypeName,
    status: row.status as ReceiptStatusName,
    fiscal_id: row.fiscalId,
    created_at: row.createdAt.toISOString(),
    total_amount: row.totalAmount,
    transaction_id: row.transactionId,
    document_number: row.documentNumber,
    document_date: row.documentDate?.toISOString() ?? null,
    voided_receipt: row.type === 'void' ? row.saleUuid : null,
    returned_receipt: row.type === 'return' ? row.saleUuid : null,
    voiding_receipt: row.voidUuid,
    return_receipts: row.returnUuids,
    error_code: row.errorCode,
    error_message: row.errorMessage,
  };
}

/** The details: the receipt, its totals and payments, its lines with what was returned of each. */
export function toDetails(
  row: ReceiptWithLinks,
  items: ItReceiptItemRow[],
  returned: ItReceiptItemRow[],
): ReceiptDetails {
  return {
    ...toReceipt(row),
    lottery_code: row.lotteryCode,
    total_taxable_amount: row.totalTaxableAmount,
    total_uncollected_amount: row.totalUncollectedAmount,
    deductible_amount: row.deductibleAmount,
    total_vat_amount: row.totalVatAmount,
    total_discount: row.totalDiscount,
    total_gross_discount: row.totalGrossDiscount,
    discount: row.discount,
    cash_payment_amount: row.cashPaymentAmount,
    electronic_payment_amount: row.electronicPaymentAmount,
    ticket_restaurant_payment_amount: row.ticketRestaurantPaymentAmount,
    ticket_restaurant_quantity: row.ticketRestaurantQuantity,
    invoice_issuing: row.invoiceIssuing,
    items: items.map((item) => {
      const back = returned
        .filter((line) => line.salePosition === item.position)
        .reduce((sum, line) => sum + storedFigure(line.quantity), 0n);
      return {
        id: item.itemId,
        description: item.description,
        ...lineDetails(figuresOf(item)),
        return: hundredthsText(back / 1_000_000n),
      };
    }),
  };
}

export type { ItReceiptRow };
