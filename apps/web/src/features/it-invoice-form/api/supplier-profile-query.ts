/**
 * The invoicing profile that prefills the supplier of a new invoice or draft (spec 3, supplier
 * prefill): every screen that starts an empty invoice form reads it through this one query.
 */
import type { Profile } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const supplierProfileQuery = () =>
  queryOptions({
    queryKey: ['it-invoice-form', 'supplier-profile'] as const,
    queryFn: ({ signal }) =>
      apiFetch<Profile>('common', '/users/me/profile', {
        signal,
        headers: { Accept: 'application/json' },
      }),
  });
