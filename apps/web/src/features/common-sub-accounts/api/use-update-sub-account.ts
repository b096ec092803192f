import type { SubAccount, SubAccountUpdateRequest } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { subAccountPath, subAccountQueries } from './sub-account-queries';

export function useUpdateSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, body }: { email: string; body: SubAccountUpdateRequest }) =>
      apiFetch<SubAccount>('common', subAccountPath(email), { method: 'PUT', json: body }),
    onSuccess: (updated, { email }) => {
      queryClient.setQueryData(subAccountQueries.detail(email).queryKey, updated);
      return queryClient.invalidateQueries({ queryKey: subAccountQueries.lists() });
    },
  });
}
