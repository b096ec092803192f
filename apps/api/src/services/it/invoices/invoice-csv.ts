/**
 * A CSV cell: quoted when needed, and a leading `'` on values a spreadsheet would run as a
 * formula (=, +, -, @, also tab and carriage return), against CSV injection.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 text (CRLF line ends) of a header row and data rows. */
export function toCsv(
  header: string[],
  rows: (string | number | boolean | null | undefined)[][],
): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export const INVOICE_CSV_HEADER = [
  'uuid',
  'created_at',
  'marking',
  'transmission_format',
  'document_type',
  'invoice_number',
  'invoice_date',
  'invoice_total',
  'sender',
  'sender_vat_number',
  'sender_fiscal_id',
  'recipient',
  'recipient_vat_number',
  'recipient_fiscal_id',
  'sdi_file_id',
  'sdi_file_name',
  'downloaded',
];

export type InvoiceCsvRow = {
  uuid: string;
  createdAt: Date;
  marking: string;
  transmissionFormat: string;
  documentType: string | null;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  invoiceTotal: string | null;
  senderName: string | null;
  senderVat: string | null;
  senderFiscalId: string | null;
  recipientName: string | null;
  recipientVat: string | null;
  recipientFiscalId: string | null;
  sdiFileId: string | null;
  sdiFileName: string | null;
  downloaded: boolean;
};

export function invoicesCsv(rows: InvoiceCsvRow[]): string {
  return toCsv(
    INVOICE_CSV_HEADER,
    rows.map((row) => [
      row.uuid,
      row.createdAt.toISOString(),
      row.marking,
      row.transmissionFormat,
      row.documentType,
      row.invoiceNumber,
      row.invoiceDate,
      row.invoiceTotal,
      row.senderName,
      row.senderVat,
      row.senderFiscalId,
      row.recipientName,
      row.recipientVat,
      row.recipientFiscalId,
      row.sdiFileId,
      row.sdiFileName,
      row.downloaded,
    ]),
  );
}
