/**
 * The transfers' downloads (spec 2, 7, 9): a transfer's invoice XML and the list's CSV, a page of
 * up to 1,000 transfers with the same filters, separated as a spreadsheet in the user's
 * language reads it (as the invoice list's CSV asks).
 */
import { TRANSFER_CSV_MAX_ITEMS_PER_PAGE } from '@fiscus/contracts';
import { apiFetch } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { transferPath, TRANSFERS_PATH } from './transfer-queries';

/** A semicolon where numbers have a decimal comma (Italian, Polish), else a comma. */
export function csvSeparator(language: string): 'semicolon' | 'comma' {
  return ['it', 'pl'].includes(language.slice(0, 2)) ? 'semicolon' : 'comma';
}

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /filename="([^"]+)"/.exec(header);
  return match?.[1] ?? fallback;
}

/** Hands a downloaded body to the browser as a file named `fileName`. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function download(
  path: string,
  accept: string,
  fallbackName: string,
  query?: QueryParams,
): Promise<void> {
  const response = await apiFetch<Response>('it', path, {
    query,
    headers: { Accept: accept },
    as: 'response',
  });
  saveBlob(await response.blob(), fileNameOf(response, fallbackName));
}

/** 'Invoice XML': the invoice read from the transfer's file (a .p7m's content). */
export function downloadTransferXml(uuid: string): Promise<void> {
  return download(`${transferPath(uuid)}/download`, 'application/xml', `${uuid}.xml`);
}

/**
 * 'Download CSV' (spec 7, 9): the list's filters, page `page` of 1,000 transfers, as
 * invoice_transfers_{page}.csv.
 */
export function downloadTransfersCsv(listQuery: QueryParams, page = 1): Promise<void> {
  return download(TRANSFERS_PATH, 'text/csv', `invoice_transfers_${page}.csv`, {
    ...listQuery,
    page: String(page),
    itemsPerPage: String(TRANSFER_CSV_MAX_ITEMS_PER_PAGE),
    separator: csvSeparator(i18n.language),
  });
}
