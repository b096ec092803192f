/**
 * The invoice lists' second public entry, for the routes' loaders (`Screen.prefetch`): starts the
 * list call a visit of the address will make, as soon as the session is known, before the page's
 * code, the shell and the translations have arrived. It imports no component, so its chunk is a
 * few KB, and it asks exactly what `InvoiceListPage` asks (same filters, kept state, page, order),
 * so the page finds the answer in the query cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE } from '../../components/list-kit/list-query-string';
import { listSnapshotOf } from '../../components/list-kit/list-state-storage';
import { invoiceQueries } from './api/invoice-queries';
import {
  defaultInvoiceFilters,
  INVOICE_TABLE_KEYS,
  toInvoiceListQuery,
  type InvoiceDirection,
} from './model/invoice-filters';

export async function prefetchInvoiceList(
  { url, queryClient }: { url: URL; queryClient: QueryClient },
  direction: InvoiceDirection,
): Promise<void> {
  const snapshot = listSnapshotOf(INVOICE_TABLE_KEYS[direction], url.searchParams, {
    defaultFilters: defaultInvoiceFilters(dayjs()),
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  await queryClient.prefetchQuery(
    invoiceQueries.list(toInvoiceListQuery({ direction, ...snapshot })),
  );
}
