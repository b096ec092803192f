/**
 * The registry screen's second public entry, for its route's loader (`Screen.prefetch`): starts
 * the list call a visit of the address will make (its kept page) before the page's code has
 * arrived. It imports no component.
 */
import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, toListQueryParams } from '../../components/list-kit/list-query-string';
import { listSnapshotOf } from '../../components/list-kit/list-state-storage';
import { registryQueries } from './api/registry-queries';
import { defaultRegistryFilters, registriesTableKey } from './model/registry-list';

export async function prefetchRegistries({
  url,
  queryClient,
}: {
  url: URL;
  queryClient: QueryClient;
}): Promise<void> {
  const snapshot = listSnapshotOf(registriesTableKey, url.searchParams, {
    defaultFilters: defaultRegistryFilters,
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  await queryClient.prefetchQuery(registryQueries.list(toListQueryParams(snapshot)));
}
