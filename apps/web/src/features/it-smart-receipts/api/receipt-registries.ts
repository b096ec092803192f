/**
 * The fiscal ids a sale may be sent for (spec 5: "options come from business registry
 * configurations filtered to receipts_enabled"), read from the registries' list.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetchCollection } from '../../../lib/api-client';

interface RegistryOption {
  fiscal_id: string;
  name: string | null;
  receipts_enabled: boolean;
}

export const receiptRegistriesQuery = queryOptions({
  queryKey: ['it-receipts', 'registries'] as const,
  queryFn: async ({ signal }) => {
    const page = await apiFetchCollection<RegistryOption>(
      'it',
      '/business-registry-configurations',
      {
        query: { itemsPerPage: 100 },
        signal,
      },
    );
    return page.items.filter((registry) => registry.receipts_enabled);
  },
});
