/**
 * Query keys and fetchers of the jobs screen (italian-invoicing spec 7): `GET /jobs` with its
 * filters and `GET /jobs/{uuid}` for the details dialog. Both poll while a job is unsettled.
 */
import type { ItJob } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';

export const JOBS_PATH = '/jobs';

export function jobPath(uuid: string): string {
  return `${JOBS_PATH}/${encodeURIComponent(uuid)}`;
}

export const jobQueries = {
  all: () => ['it-jobs'] as const,
  lists: () => [...jobQueries.all(), 'list'] as const,
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...jobQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<ItJob>('it', JOBS_PATH, { query: params, signal }),
    }),
  details: () => [...jobQueries.all(), 'detail'] as const,
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...jobQueries.details(), uuid] as const,
      queryFn: ({ signal }) => apiFetch<ItJob>('it', jobPath(uuid), { signal, as: 'json' }),
    }),
};
