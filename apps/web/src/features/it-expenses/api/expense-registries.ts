/**
 * The fiscal codes an expense may be sent for (account spec 2.9: the owner, proprietario, is one
 * of the business's registries), read from the registries' list for the new expense form.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetchCollection } from '../../../lib/api-client';

export interface ExpenseOwnerOption {
  fiscal_id: string;
  name: string | null;
}

export const expenseOwnersQuery = queryOptions({
  queryKey: ['it-expenses', 'owners'] as const,
  queryFn: async ({ signal }): Promise<ExpenseOwnerOption[]> => {
    const page = await apiFetchCollection<ExpenseOwnerOption>(
      'it',
      '/business-registry-configurations',
      { query: { itemsPerPage: 100 }, signal },
    );
    return page.items.map(({ fiscal_id, name }) => ({ fiscal_id, name }));
  },
});
