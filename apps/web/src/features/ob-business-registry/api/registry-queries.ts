/**
 * Query keys and fetchers of the open-banking registries (spec 7 "Open banking"), on the `ob`
 * service: the list, one registry, its subscription (none: null), a page of its accounts and one
 * account.
 */
import type { ObAccount, ObBusinessRegistry, ObSubscription } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection, type QueryParams } from '../../../lib/api-client';
import { isApiError } from '../../../lib/hydra';

export function registryPath(fiscalId: string, suffix = ''): string {
  return `/business-registry/${encodeURIComponent(fiscalId)}${suffix}`;
}

export function accountPath(uuid: string, suffix = ''): string {
  return `/accounts/${encodeURIComponent(uuid)}${suffix}`;
}

const asJson = { as: 'json', headers: { Accept: 'application/json' } } as const;

export const registryQueries = {
  all: () => ['ob-business-registry'] as const,
  lists: () => [...registryQueries.all(), 'list'] as const,
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...registryQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<ObBusinessRegistry>('ob', '/business-registry', {
          query: params,
          signal,
        }),
    }),
  details: () => [...registryQueries.all(), 'detail'] as const,
  detail: (fiscalId: string) =>
    queryOptions({
      queryKey: [...registryQueries.details(), fiscalId] as const,
      queryFn: ({ signal }) =>
        apiFetch<ObBusinessRegistry>('ob', registryPath(fiscalId), { signal, ...asJson }),
    }),
  /** The registry's subscription, or null when it has none (the API's 404). */
  subscription: (fiscalId: string) =>
    queryOptions({
      queryKey: [...registryQueries.details(), fiscalId, 'subscription'] as const,
      queryFn: async ({ signal }) => {
        try {
          return await apiFetch<ObSubscription>('ob', registryPath(fiscalId, '/subscription'), {
            signal,
            ...asJson,
          });
        } catch (error) {
          if (isApiError(error) && error.status === 404) return null;
          throw error;
        }
      },
    }),
  accountLists: () => [...registryQueries.all(), 'accounts'] as const,
  accounts: (fiscalId: string, page: number, itemsPerPage: number) =>
    queryOptions({
      queryKey: [...registryQueries.accountLists(), fiscalId, page, itemsPerPage] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<ObAccount>('ob', registryPath(fiscalId, '/accounts'), {
          query: { page, itemsPerPage },
          signal,
        }),
    }),
  account: (uuid: string) =>
    queryOptions({
      queryKey: [...registryQueries.all(), 'account', uuid] as const,
      queryFn: ({ signal }) => apiFetch<ObAccount>('ob', accountPath(uuid), { signal, ...asJson }),
    }),
};
