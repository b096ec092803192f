const decimalCommaNumber = /^\d+,\d+$/;

/**
 * A CSV cell: quoted when needed, and a leading `'` on values a spreadsheet would run as a
 * formula (=, +, -, @, also tab and carriage return), against CSV injection. Between ';' cells,
 * a decimal-comma amount stays bare so a spreadsheet in Italian or Polish reads a number.
 */
export function csvCell(
  value: string | number | boolean | null | undefined,
  separator: ',' | ';' = ',',
): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (separator === ';' && decimalCommaNumber.test(text)) return text;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * How a CSV is written for the spreadsheet that opens it: the cell separator, and the decimal
 * mark of amounts (a comma where the separator is ';', as spreadsheets in Italian or Polish read
 * numbers).
 */
export type CsvFormat = { separator: ',' | ';' };

export const DEFAULT_CSV_FORMAT: CsvFormat = { separator: ',' };

/** Languages whose spreadsheets use a decimal comma (and so ';' between cells). */
const DECIMAL_COMMA_LANGUAGES = new Set(
  'it pl de fr es pt nl ru cs sk sl hr ro hu da sv nb no fi el tr uk bg lt lv et ca'.split(' '),
);

/**
 * The CSV format of a request: the `separator` query parameter (`,`, `;`, `comma`, `semicolon`)
 * when given, else ';' when the first language of Accept-Language writes decimals with a comma.
 */
export function csvFormatOf(
  separator: string | undefined,
  acceptLanguage: string | undefined,
): CsvFormat {
  if (separator === ';' || separator === 'semicolon') return { separator: ';' };
  if (separator === ',' || separator === 'comma') return { separator: ',' };
  const first = (acceptLanguage ?? '').split(',')[0] ?? '';
  const language = (first.split(';')[0] ?? '').split('-')[0]?.trim().toLowerCase() ?? '';
  return DECIMAL_COMMA_LANGUAGES.has(language) ? { separator: ';' } : DEFAULT_CSV_FORMAT;
}

/** UTF-8 byte order mark: spreadsheets then read accented names right. */
const BYTE_ORDER_MARK = '\uFEFF';

/** RFC 4180 text (CRLF line ends, BOM first) of a header row and data rows. */
export function toCsv(
  header: string[],
  rows: (string | number | boolean | null | undefined)[][],
  { separator }: CsvFormat = DEFAULT_CSV_FORMAT,
): string {
  const lines = [header, ...rows].map((row) =>
    row.map((cell) => csvCell(cell, separator)).join(separator),
  );
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}

/** An amount (`1234.50`) with the decimal mark of the format. */
function amount(value: string | null, { separator }: CsvFormat): string | null {
  return value !== null && separator === ';' ? value.replace('.', ',') : value;
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

export function invoicesCsv(rows: InvoiceCsvRow[], format = DEFAULT_CSV_FORMAT): string {
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
      amount(row.invoiceTotal, format),
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
    format,
  );
}
