/**
 * TanStack Query defaults from ARCHITECTURE: 30 s stale time, refetch on mount, focus and
 * reconnect.
 */
import { QueryClient } from '@tanstack/react-query';
import { getSession, subscribeSession, type Session } from './auth';
import { isApiError } from './hydra';

export const staleTimeMs = 30_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: staleTimeMs,
        refetchOnMount: true,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        // A 4xx will not change by asking again; retry only network failures and 5xx, once.
        retry: (failureCount, error) =>
          failureCount < 1 && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}

function identityOf(session: Session | null): string {
  return session
    ? `${session.payload.uid}:${session.payload.username}:${session.impersonation?.username ?? ''}`
    : '';
}

/**
 * Drops every cached answer when the identity changes (logout, another login, a switch of user,
 * an expired token): within the 30 s stale time the next user would otherwise see the previous
 * one's data.
 */
export function clearOnIdentityChange(client: QueryClient): () => void {
  let identity = identityOf(getSession());
  return subscribeSession(() => {
    const next = identityOf(getSession());
    if (next !== identity) {
      identity = next;
      client.clear();
    }
  });
}

/** The console's single client. */
export const queryClient = createQueryClient();
clearOnIdentityChange(queryClient);
