import type { PreSale, PreSaleAction } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchCollection } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';

export const PRE_SALE_ACTIONS_PATH = '/pre-sale-actions';

export function preSaleActionPath(uuid: string): string {
  return `${PRE_SALE_ACTIONS_PATH}/${encodeURIComponent(uuid)}`;
}

/** Query keys and fetchers of the credit alert actions, from general to specific. */
export const preSaleActionQueries = {
  all: () => ['common-pre-sale-actions'] as const,
  lists: () => [...preSaleActionQueries.all(), 'list'] as const,
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...preSaleActionQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<PreSaleAction>('common', PRE_SALE_ACTIONS_PATH, {
          query: params,
          signal,
        }),
    }),
  /**
   * The account's pre-sales, read before creating an action (its `pre_sale_uuid`). Keyed under
   * this feature: the dashboard reads the same endpoint for other purposes and features do not
   * share caches.
   */
  preSales: () =>
    queryOptions({
      queryKey: [...preSaleActionQueries.all(), 'pre-sales'] as const,
      queryFn: ({ signal }) => apiFetchCollection<PreSale>('common', '/pre-sales', { signal }),
    }),
};
