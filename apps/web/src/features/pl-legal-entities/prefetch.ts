/**
 * The legal entities screen's second public entry, for its route's loader (`Screen.prefetch`):
 * starts the list call a visit of the address will make (filters, kept state, page) before the
 * page's code has arrived. It imports no component.
 */
import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, toListQueryParams } from '../../components/list-kit/list-query-string';
import { listSnapshotOf } from '../../components/list-kit/list-state-storage';
import { legalEntityQueries } from './api/legal-entity-queries';
import { defaultLegalEntityFilters, legalEntitiesTableKey } from './model/legal-entity-list';

export async function prefetchLegalEntities({
  url,
  queryClient,
}: {
  url: URL;
  queryClient: QueryClient;
}): Promise<void> {
  const snapshot = listSnapshotOf(legalEntitiesTableKey, url.searchParams, {
    defaultFilters: defaultLegalEntityFilters,
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  await queryClient.prefetchQuery(legalEntityQueries.list(toListQueryParams(snapshot)));
}
