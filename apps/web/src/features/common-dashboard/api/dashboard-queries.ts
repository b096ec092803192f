import type { Consumption, MeResponse, PreSale } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection } from '../../../lib/api-client';

export const preSaleQueries = {
  all: () => ['common-pre-sales'] as const,
  list: () =>
    queryOptions({
      queryKey: [...preSaleQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiFetchCollection<PreSale>('common', '/pre-sales', { signal }),
    }),
};

export const consumptionQueries = {
  all: () => ['common-consumptions'] as const,
  list: () =>
    queryOptions({
      queryKey: [...consumptionQueries.all(), 'list'] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<Consumption>('common', '/consumptions', { signal }),
    }),
};

/** The signed-in login: a sub-account's linked registries (what it acts for). */
export const meQueries = {
  all: () => ['common-me'] as const,
  detail: () =>
    queryOptions({
      queryKey: [...meQueries.all(), 'detail'] as const,
      queryFn: ({ signal }) => apiFetch<MeResponse>('common', '/users/me', { signal, as: 'json' }),
    }),
};
