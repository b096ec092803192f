/**
 * The smart receipt screens' second public entry, for their routes' loaders (`Screen.prefetch`):
 * starts the list call a visit of the address will make as soon as the session is known, before
 * the page's code, the shell and the translations have arrived. It imports no component, and
 * asks exactly what `ReceiptsPage` asks (same type, filters, kept state, page), so the page finds
 * the answer in the query cache.
 */
import type { ReceiptTypeName } from '@fiscus/contracts/receipt-messages';
import type { QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, toListQueryParams } from '../../components/list-kit/list-query-string';
import { listSnapshotOf } from '../../components/list-kit/list-state-storage';
import { receiptQueries } from './api/receipt-queries';
import {
  defaultReceiptFilters,
  RECEIPT_TABLE_KEYS,
  toReceiptListQuery,
} from './model/receipt-filters';

export async function prefetchReceipts(
  { url, queryClient }: { url: URL; queryClient: QueryClient },
  type: ReceiptTypeName,
): Promise<void> {
  const snapshot = listSnapshotOf(RECEIPT_TABLE_KEYS[type], url.searchParams, {
    defaultFilters: defaultReceiptFilters(dayjs()),
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  await queryClient.prefetchQuery(
    receiptQueries.list(toReceiptListQuery(type, toListQueryParams(snapshot))),
  );
}
