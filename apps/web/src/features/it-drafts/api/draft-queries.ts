import type { Invoice } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection, type QueryParams } from '../../../lib/api-client';

export const draftPath = (uuid: string) => `/invoices/draft/${encodeURIComponent(uuid)}`;

/** Query keys of drafts, from general to specific. */
export const draftQueries = {
  all: () => ['it-drafts'] as const,
  lists: () => [...draftQueries.all(), 'list'] as const,
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...draftQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<Invoice>('it', '/invoices/draft', {
          query: params,
          signal,
        }),
    }),
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...draftQueries.all(), 'detail', uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<Invoice>('it', draftPath(uuid), {
          signal,
          headers: { Accept: 'application/json' },
        }),
      // The edit form reads it once; a refetch must not replace what the user is typing.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
};
