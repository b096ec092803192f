/**
 * TanStack Query defaults from ARCHITECTURE: 30 s stale time, refetch on mount, focus and
 * reconnect.
 */
import { QueryClient } from '@tanstack/react-query';
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

/** The console's single client; features import it to invalidate after mutations outside hooks. */
export const queryClient = createQueryClient();
