import { TRANSFER_NOTICE_TEXTS, transferNoticeCodeOf } from '@fiscus/contracts';
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

export type CsvLanguage = keyof typeof TRANSFER_NOTICE_TEXTS;

/** The language of the notices: the first of `Accept-Language` the console speaks, else English. */
export function csvLanguageOf(acceptLanguage: string | undefined): CsvLanguage {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = (part.split(';')[0] ?? '').split('-')[0]?.trim().toLowerCase() ?? '';
    if (tag === 'it' || tag === 'en' || tag === 'pl') return tag;
  }
  return 'en';
}

/** A transfer's notice in the CSV's language (one the console does not know, as written). */
function noticeCell(notice: string | null, language: CsvLanguage): string | null {
  const code = transferNoticeCodeOf(notice);
  return code === null ? notice : TRANSFER_NOTICE_TEXTS[language][code];
}

export function transfersCsv(
  rows: TransferItemRow[],
  format = DEFAULT_CSV_FORMAT,
  language: CsvLanguage = 'en',
): string {
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
      noticeCell(row.notice, language),
    ]),
    format,
  );
}
