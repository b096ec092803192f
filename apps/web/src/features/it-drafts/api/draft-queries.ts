import type { Invoice } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection, type QueryParams } from '../../../lib/api-client';
import { propertyFilter, type Collection } from '../../../lib/hydra';
import { isDraftUuid } from '../model/draft-filters';
import { DRAFT_LIST_PROPERTIES, type DraftListRow } from '../model/draft-list-row';

export const draftPath = (uuid: string) => `/invoices/draft/${encodeURIComponent(uuid)}`;

async function fetchDraftList(query: QueryParams, signal: AbortSignal) {
  const uuid = typeof query.uuid === 'string' ? query.uuid : undefined;
  // No draft has a malformed id: answer "no results" instead of the API's 400 error state.
  if (uuid !== undefined && !isDraftUuid(uuid)) {
    return { items: [], total: 0 } satisfies Collection<DraftListRow>;
  }
  return apiFetchCollection<DraftListRow>('it', '/invoices/draft', {
    query: { ...query, ...propertyFilter(DRAFT_LIST_PROPERTIES) },
    signal,
  });
}

/** Query keys of drafts, from general to specific. */
export const draftQueries = {
  all: () => ['it-drafts'] as const,
  lists: () => [...draftQueries.all(), 'list'] as const,
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...draftQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchDraftList(params, signal),
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
