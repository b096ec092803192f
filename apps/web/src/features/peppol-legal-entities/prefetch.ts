/**
 * The legal entities screens' second public entry, for their routes' loader (`Screen.prefetch`):
 * starts the list call a visit of the address will make (its domain, filters, kept state, page)
 * before the page's code has arrived. It imports no component.
 */
import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, toListQueryParams } from '../../components/list-kit/list-query-string';
import { listSnapshotOf } from '../../components/list-kit/list-state-storage';
import { peppolDomainOfPath } from '../../lib/peppol-domain';
import { legalEntityQueries } from './api/legal-entity-queries';
import {
  defaultLegalEntityFilters,
  legalEntitiesTableKey,
  toLegalEntityListQuery,
} from './model/legal-entity-list';

export async function prefetchLegalEntities({
  url,
  queryClient,
}: {
  url: URL;
  queryClient: QueryClient;
}): Promise<void> {
  const domain = peppolDomainOfPath(url.pathname);
  const snapshot = listSnapshotOf(legalEntitiesTableKey(domain), url.searchParams, {
    defaultFilters: defaultLegalEntityFilters,
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  await queryClient.prefetchQuery(
    legalEntityQueries.list(domain, toLegalEntityListQuery(toListQueryParams(snapshot))),
  );
}
