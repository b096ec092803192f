/**
 * The transfers' downloads (spec 2, 7, 9): a transfer's invoice XML and the list's CSV, a page of
 * up to 1,000 transfers with the same filters, separated as a spreadsheet in the user's
 * language reads it (as the invoice list's CSV asks).
 */
import { TRANSFER_CSV_MAX_ITEMS_PER_PAGE } from '@fiscus/contracts';
import { apiFetch } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';
import { csvSeparator } from '../../../lib/csv-separator';
import { i18n } from '../../../lib/i18n';
import { attachmentFileName, saveBlob } from '../../../lib/save-blob';
import { transferPath, TRANSFERS_PATH } from './transfer-queries';

async function download(
  path: string,
  accept: string,
  fallbackName: string,
  query?: QueryParams,
): Promise<void> {
  const response = await apiFetch<Response>('it', path, {
    query,
    // The CSV's notices are written in the console's language, not the browser's.
    headers: { Accept: accept, 'Accept-Language': i18n.language },
    as: 'response',
  });
  saveBlob(await response.blob(), attachmentFileName(response, fallbackName));
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
