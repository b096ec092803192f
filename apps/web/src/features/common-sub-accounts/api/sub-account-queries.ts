import type { SubAccount } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';

const ACCOUNTS_PATH = '/users/me/accounts';

export function subAccountPath(email: string): string {
  return `${ACCOUNTS_PATH}/${encodeURIComponent(email)}`;
}

/** Query keys and fetchers of the manager's sub-accounts, from general to specific. */
export const subAccountQueries = {
  all: () => ['common-sub-accounts'] as const,
  lists: () => [...subAccountQueries.all(), 'list'] as const,
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...subAccountQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<SubAccount>('common', ACCOUNTS_PATH, { query: params, signal }),
    }),
  details: () => [...subAccountQueries.all(), 'detail'] as const,
  detail: (email: string) =>
    queryOptions({
      queryKey: [...subAccountQueries.details(), email] as const,
      queryFn: ({ signal }) =>
        apiFetch<SubAccount>('common', subAccountPath(email), {
          headers: { Accept: 'application/json' },
          signal,
        }),
    }),
};
