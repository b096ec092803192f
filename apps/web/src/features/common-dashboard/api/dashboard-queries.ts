import type { Consumption, PreSale } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchCollection } from '../../../lib/api-client';

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
