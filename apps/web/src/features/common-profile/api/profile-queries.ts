import type { Profile, RecipientCodeResponse } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const profileQueries = {
  all: () => ['common-profile'] as const,
  detail: () =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'detail'] as const,
      queryFn: ({ signal }) =>
        apiFetch<Profile>('common', '/users/me/profile', {
          signal,
          headers: { Accept: 'application/json' },
        }),
    }),
};

export const recipientCodeQueries = {
  all: () => ['it-recipient-code'] as const,
  detail: () =>
    queryOptions({
      queryKey: [...recipientCodeQueries.all(), 'detail'] as const,
      queryFn: ({ signal }) =>
        apiFetch<RecipientCodeResponse>('it', '/users/me/recipient-code', {
          signal,
          headers: { Accept: 'application/json' },
        }),
    }),
};
