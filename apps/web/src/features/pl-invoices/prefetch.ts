/**
 * The Polish invoice lists' second public entry, for their routes' loader (`Screen.prefetch`):
 * starts the list call a visit of the address will make as soon as the session is known, before
 * the page's code has arrived. It imports no component and asks exactly what the page asks.
 */
import type { QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, toListQueryParams } from '../../components/list-kit/list-query-string';
import { listSnapshotOf } from '../../components/list-kit/list-state-storage';
import { invoiceQueries } from './api/invoice-queries';
import { defaultInvoiceFilters, invoicesTableKey, toInvoiceQuery } from './model/invoice-filters';
import { directionOfPath } from './model/invoice-paths';

export async function prefetchInvoices({
  url,
  queryClient,
}: {
  url: URL;
  queryClient: QueryClient;
}): Promise<void> {
  const direction = directionOfPath(url.pathname);
  if (!direction) return;
  const snapshot = listSnapshotOf(invoicesTableKey(direction), url.searchParams, {
    defaultFilters: defaultInvoiceFilters(dayjs()),
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  await queryClient.prefetchQuery(
    invoiceQueries.list(toInvoiceQuery(toListQueryParams(snapshot), direction)),
  );
}
