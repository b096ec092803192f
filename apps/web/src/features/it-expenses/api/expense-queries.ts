/**
 * Query keys, fetchers and the create call of the expenses screen (account spec 7
 * `/sistema-ts/expenses`): the list with its filters and the hourly cache marker (`ts`, spec 9),
 * one expense, its receipts, the new expense (which refreshes the lists), and the downloads: one
 * receipt's PDF and the zip of the receipts of a list page (the list call with Accept
 * application/zip).
 */
import type { Expense, ExpenseReceipt, ExpenseRequest } from '@fiscus/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';
import { attachmentFileName, saveBlob } from '../../../lib/save-blob';
import { expensesCacheMarker } from '../model/cache-marker';

export const EXPENSES_PATH = '/sistema-ts/expenses';

export function expensePath(uuid: string, suffix = ''): string {
  return `${EXPENSES_PATH}/${encodeURIComponent(uuid)}${suffix}`;
}

/**
 * The list call's query with the cache marker, read when the call is made: the query key holds
 * the filters only, so the cache of a list outlives the marker's renewal.
 */
function withCacheMarker(params: QueryParams): QueryParams {
  return { ...params, ts: expensesCacheMarker() };
}

export const expenseQueries = {
  all: () => ['it-expenses'] as const,
  lists: () => [...expenseQueries.all(), 'list'] as const,
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...expenseQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<Expense>('it', EXPENSES_PATH, {
          query: withCacheMarker(params),
          signal,
        }),
    }),
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...expenseQueries.all(), 'detail', uuid] as const,
      queryFn: ({ signal }) => apiFetch<Expense>('it', expensePath(uuid), { signal, as: 'json' }),
    }),
  /**
   * The receipts of the expense's transmissions, as a plain JSON array; `version` (the expense's
   * updated_at) asks again once an outcome has come.
   */
  receipts: (uuid: string, version = '') =>
    queryOptions({
      queryKey: [...expenseQueries.all(), 'receipts', uuid, version] as const,
      queryFn: ({ signal }) =>
        apiFetch<ExpenseReceipt[]>('it', expensePath(uuid, '/receipts'), {
          signal,
          headers: { Accept: 'application/json' },
          as: 'json',
        }),
    }),
};

/** Sends a new expense; the lists are asked again once it is created. */
export function useCreateExpense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpenseRequest) =>
      apiFetch<Expense>('it', EXPENSES_PATH, { method: 'POST', json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: expenseQueries.lists() }),
  });
}

/**
 * Cancels an expense Sistema TS accepted (`DELETE`, flagOperazione C); the lists and the
 * expense are asked again, pending until Sistema TS has processed the cancellation.
 */
export function useCancelExpense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiFetch<Expense>('it', expensePath(uuid), { method: 'DELETE', as: 'json' }),
    onSuccess: () => client.invalidateQueries({ queryKey: expenseQueries.all() }),
  });
}

/** Saves one receipt of the expense as Sistema TS gave it (PDF). */
export async function downloadExpenseReceipt(uuid: string, protocol: string): Promise<void> {
  const response = await apiFetch<Response>(
    'it',
    expensePath(uuid, `/receipts/${encodeURIComponent(protocol)}`),
    { headers: { Accept: 'application/pdf' }, as: 'response' },
  );
  saveBlob(await response.blob(), attachmentFileName(response, `receipt-${protocol}.pdf`));
}

/** Saves the receipts of the expenses of one list page (same filters and page) as a zip. */
export async function downloadExpenseReceiptsZip(params: QueryParams): Promise<void> {
  const response = await apiFetch<Response>('it', EXPENSES_PATH, {
    query: withCacheMarker(params),
    headers: { Accept: 'application/zip' },
    as: 'response',
  });
  saveBlob(await response.blob(), attachmentFileName(response, 'expense-receipts.zip'));
}
