import { apiFetch } from '../../../lib/api-client';
import { csvSeparator } from '../../../lib/csv-separator';
import { i18n } from '../../../lib/i18n';
import { attachmentFileName, saveBlob } from '../../../lib/save-blob';
import type { QueryParams } from '../../../lib/api-client';
import type { InvoiceDirection } from '../model/invoice-filters';
import { invoicePath } from './invoice-queries';

/** What the page zip holds next to its CSV index (the API's X-Zip-Content). */
export const zipContents = ['xml', 'pdf', 'metadata'] as const;
export type ZipContent = (typeof zipContents)[number];

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
  saveBlob(await response.blob(), options.fileName ?? attachmentFileName(response, fallbackName));
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
