import { apiFetch } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import type { QueryParams } from '../../../lib/api-client';
import type { InvoiceDirection } from '../model/invoice-filters';
import { invoicePath } from './invoice-queries';
import { saveBlob } from './save-blob';

/** What the page zip holds next to its CSV index (the API's X-Zip-Content). */
export const zipContents = ['xml', 'pdf', 'metadata'] as const;
export type ZipContent = (typeof zipContents)[number];

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /filename="([^"]+)"/.exec(header);
  return match?.[1] ?? fallback;
}

async function download(
  path: string,
  accept: string,
  fallbackName: string,
  options: { query?: QueryParams; headers?: Record<string, string>; fileName?: string } = {},
): Promise<void> {
  const response = await apiFetch<Response>('it', path, {
    query: options.query,
    headers: { Accept: accept, ...options.headers },
    as: 'response',
  });
  saveBlob(await response.blob(), options.fileName ?? fileNameOf(response, fallbackName));
}

/**
 * The CSV cell separator a spreadsheet in the user's language reads: a semicolon where numbers
 * have a decimal comma (Italian, Polish), else a comma. The API's default would follow the
 * browser's Accept-Language, which need not be the console's language.
 */
export function csvSeparator(language: string): 'semicolon' | 'comma' {
  return ['it', 'pl'].includes(language.slice(0, 2)) ? 'semicolon' : 'comma';
}

/** The current page as a zip: customer_invoices_{page}.zip / supplier_invoices_{page}.zip. */
export function downloadPageZip(
  direction: InvoiceDirection,
  query: QueryParams,
  content: ZipContent,
): Promise<void> {
  const page = String(query.page ?? '1');
  const name = `${direction === 1 ? 'supplier' : 'customer'}_invoices_${page}.zip`;
  return download('/invoices', 'application/zip', name, {
    query: { ...query, separator: csvSeparator(i18n.language) },
    headers: { 'X-Zip-Content': content },
    fileName: name,
  });
}

/** The CSV report of the filtered invoices (spec 7: up to 5000 rows), as report_{page}.csv. */
export function downloadReport(query: QueryParams): Promise<void> {
  const name = `report_${String(query.page ?? '1')}.csv`;
  // The report covers every filtered invoice, not one page.
  const filters = Object.fromEntries(
    Object.entries(query).filter(([key]) => key !== 'page' && key !== 'itemsPerPage'),
  );
  return download('/invoices/report', 'text/csv', name, {
    query: { ...filters, separator: csvSeparator(i18n.language) },
    fileName: name,
  });
}

/** The invoice itself as PDF or XML (spec 7: Accept application/pdf or application/xml). */
export function downloadInvoiceFile(uuid: string, format: 'pdf' | 'xml'): Promise<void> {
  const accept = format === 'pdf' ? 'application/pdf' : 'application/xml';
  return download(invoicePath(uuid), accept, `${uuid}.${format}`);
}

/** A notification's signed SDI message (spec 7: GET /notifications/{uuid}, Accept xml). */
export function downloadNotificationXml(uuid: string, fileName: string): Promise<void> {
  return download(`/notifications/${encodeURIComponent(uuid)}`, 'application/xml', fileName);
}

/** An attachment (Allegati) by its position in the invoice, from 0. */
export function downloadAttachment(uuid: string, index: number, fileName: string): Promise<void> {
  return download(`${invoicePath(uuid)}/attachments/${index}`, '*/*', fileName);
}
