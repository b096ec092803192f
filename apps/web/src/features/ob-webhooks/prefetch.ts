/**
 * The webhooks screen's second public entry, for its route's loader (`Screen.prefetch`): starts
 * the list call a visit of the address will make (its kept page) before the page's code has
 * arrived. It imports no component.
 */
import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, toListQueryParams } from '../../components/list-kit/list-query-string';
import { listSnapshotOf } from '../../components/list-kit/list-state-storage';
import { webhookQueries } from './api/webhook-queries';
import { defaultWebhookFilters, webhooksTableKey } from './model/webhook-list';

export async function prefetchWebhooks({
  url,
  queryClient,
}: {
  url: URL;
  queryClient: QueryClient;
}): Promise<void> {
  const snapshot = listSnapshotOf(webhooksTableKey, url.searchParams, {
    defaultFilters: defaultWebhookFilters,
    defaultPageSize: DEFAULT_PAGE_SIZE,
  });
  await queryClient.prefetchQuery(webhookQueries.list(toListQueryParams(snapshot)));
}
