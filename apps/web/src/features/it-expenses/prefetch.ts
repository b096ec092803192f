/**
 * The expenses screen's second public entry, for its route's loader (`Screen.prefetch`): starts
 * the list call a visit of the address will make as soon as the session is known, before the
 * page's code, the shell and the translations have arrived. It imports no component, and asks
 * exactly what `ExpensesPage` asks (same filters, kept state, page), so the page finds the answer
 * in the query cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, toListQueryParams } from '../../components/list-kit/list-query-string';
import { listSnapshotOf } from '../../components/list-kit/list-state-storage';
import { expenseQueries } from './api/expense-queries';
import {
  defaultExpenseFilters,
  EXPENSES_TABLE_KEY,
  toExpenseListQuery,
} from './model/expense-filters';

export async function prefetchExpenses({
  url,
  queryClient,
}: {
  url: URL;
  queryClient: QueryClient;
}): Promise<void> {
  const snapshot = listSnapshotOf(EXPENSES_TABLE_KEY, url.searchParams, {
    defaultFilters: defaultExpenseFilters(dayjs()),
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  await queryClient.prefetchQuery(
    expenseQueries.list(toExpenseListQuery(toListQueryParams(snapshot))),
  );
}
