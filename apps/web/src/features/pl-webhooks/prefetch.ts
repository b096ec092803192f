/**
 * The webhooks screen's second public entry, for its route's loader (`Screen.prefetch`): starts
 * the list call (every webhook: the API does not page them) before the page's code has arrived.
 * It imports no component.
 */
import type { QueryClient } from '@tanstack/react-query';
import { webhookQueries } from './api/webhook-queries';

export async function prefetchWebhooks({ queryClient }: { queryClient: QueryClient }) {
  await queryClient.prefetchQuery(webhookQueries.list());
}
