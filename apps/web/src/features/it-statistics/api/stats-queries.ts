import type { StatsResponse } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Query keys and fetchers of the yearly invoice statistics. */
export const statsQueries = {
  all: () => ['it-statistics'] as const,
  yearly: (year: number, fiscalId?: string) =>
    queryOptions({
      queryKey: [...statsQueries.all(), 'yearly', year, fiscalId ?? null] as const,
      queryFn: ({ signal }) =>
        apiFetch<StatsResponse>('it', `/invoices/stats/${year}`, {
          query: { fiscal_id: fiscalId },
          signal,
          as: 'json',
        }),
    }),
};
