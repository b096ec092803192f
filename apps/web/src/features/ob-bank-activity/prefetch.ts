/**
 * The payments and transactions screens' second public entry, for their routes' loader
 * (`Screen.prefetch`): with a registry in the address, starts the list call the page will make
 * (its filters, page) before the page's code has arrived. It imports no component.
 */
import type { QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, toListQueryParams } from '../../components/list-kit/list-query-string';
import { listSnapshotOf } from '../../components/list-kit/list-state-storage';
import { activityQueries } from './api/activity-queries';
import {
  defaultPaymentFilters,
  defaultTransactionFilters,
  FISCAL_ID_PARAM,
  paymentsTableKey,
  toActivityQuery,
  transactionsTableKey,
} from './model/activity-filters';

interface Context {
  url: URL;
  queryClient: QueryClient;
}

export async function prefetchPayments({ url, queryClient }: Context): Promise<void> {
  const fiscalId = url.searchParams.get(FISCAL_ID_PARAM);
  if (!fiscalId) return;
  const snapshot = listSnapshotOf(paymentsTableKey, url.searchParams, {
    defaultFilters: defaultPaymentFilters(dayjs()),
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  await queryClient.prefetchQuery(
    activityQueries.payments(fiscalId, toActivityQuery(toListQueryParams(snapshot))),
  );
}

export async function prefetchTransactions({ url, queryClient }: Context): Promise<void> {
  const fiscalId = url.searchParams.get(FISCAL_ID_PARAM);
  if (!fiscalId) return;
  const snapshot = listSnapshotOf(transactionsTableKey, url.searchParams, {
    defaultFilters: defaultTransactionFilters(dayjs()),
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  await queryClient.prefetchQuery(
    activityQueries.transactions(fiscalId, toActivityQuery(toListQueryParams(snapshot))),
  );
}
