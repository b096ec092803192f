/**
 * Query keys and fetchers of the Polish legal entities (spec 7 "Polish legal entities"), on the
 * `pl` service: the list (name, nip, status filters; order by name, nip or creation) and one
 * legal entity.
 */
import type { PlLegalEntity } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection, type QueryParams } from '../../../lib/api-client';

export const LEGAL_ENTITIES_PATH = '/legal-entities';

export function legalEntityPath(uuid: string, suffix = ''): string {
  return `${LEGAL_ENTITIES_PATH}/${encodeURIComponent(uuid)}${suffix}`;
}

export const legalEntityQueries = {
  all: () => ['pl-legal-entities'] as const,
  lists: () => [...legalEntityQueries.all(), 'list'] as const,
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...legalEntityQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<PlLegalEntity>('pl', LEGAL_ENTITIES_PATH, { query: params, signal }),
    }),
  details: () => [...legalEntityQueries.all(), 'detail'] as const,
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...legalEntityQueries.details(), uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<PlLegalEntity>('pl', legalEntityPath(uuid), {
          signal,
          as: 'json',
          headers: { Accept: 'application/json' },
        }),
    }),
};
