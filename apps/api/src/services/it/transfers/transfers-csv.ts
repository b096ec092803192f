import type { CsvFormat } from '../invoices/invoice-csv.ts';
import { DEFAULT_CSV_FORMAT, toCsv } from '../invoices/invoice-csv.ts';
import type { TransferItemRow } from './transfers.repository.ts';

/*
 * The transfers' 'Download CSV' (spec 2, 9: a page of up to 1,000): the invoice CSV's
 * conventions (BOM, CRLF, the separator and decimal mark of the client's language, formula
 * cells defused) with the transfer's fields in the spec's order.
 */

export const TRANSFER_CSV_HEADER = [
  'uuid',
  'original_file_name',
  'reference',
  'supplier_name',
  'supplier_fiscal_id',
  'customer_name',
  'customer_fiscal_id',
  'invoice_number',
  'invoice_date',
  'invoice_type',
  'invoice_net_amount',
  'invoice_vat_amount',
  'invoice_tot_amount',
  'created_at',
  'violations',
  'sent_at',
  'sdi_id',
  'sdi_file_name',
  'invoice_uuid',
  'marking',
  'notice',
];

/** An amount with the decimal mark of the format (a comma where cells are split by ';'). */
function amount(value: string | null, { separator }: CsvFormat): string | null {
  return value !== null && separator === ';' ? value.replace('.', ',') : value;
}

/** Violations in one cell: `path: message` lines. */
function violationsCell(row: TransferItemRow): string | null {
  if (!row.violations) return null;
  return row.violations
    .map((v) => (v.propertyPath ? `${v.propertyPath}: ${v.message}` : v.message))
    .join('\n');
}

export function transfersCsv(rows: TransferItemRow[], format = DEFAULT_CSV_FORMAT): string {
  return toCsv(
    TRANSFER_CSV_HEADER,
    rows.map((row) => [
      row.uuid,
      row.originalFileName,
      row.reference,
      row.supplierName,
      row.supplierFiscalId,
      row.customerName,
      row.customerFiscalId,
      row.invoiceNumber,
      row.invoiceDate,
      row.invoiceType,
      amount(row.invoiceNetAmount, format),
      amount(row.invoiceVatAmount, format),
      amount(row.invoiceTotAmount, format),
      row.createdAt.toISOString(),
      violationsCell(row),
      row.sentAt?.toISOString() ?? null,
      row.sdiFileId,
      row.sdiFileName,
      row.invoiceUuid,
      row.marking,
      row.notice,
    ]),
    format,
  );
}
