/**
 * Starts a screen's first API call (`Screen.prefetch`) for an address, with the console's query
 * cache. Only with a session: without one the user is on the way to the login page. A failure
 * is the page's to show, when its own query asks again.
 */
import { getSession } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import type { Screen } from '../lib/screens';

export function startScreenPrefetch(screen: Screen, url: URL): void {
  if (!screen.prefetch || !getSession()) return;
  screen.prefetch({ url, queryClient }).catch(() => undefined);
}
