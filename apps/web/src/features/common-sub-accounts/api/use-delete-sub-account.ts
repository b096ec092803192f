import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { subAccountPath, subAccountQueries } from './sub-account-queries';

export function useDeleteSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch<void>('common', subAccountPath(email), { method: 'DELETE' }),
    onSuccess: (_result, email) => {
      queryClient.removeQueries({ queryKey: subAccountQueries.detail(email).queryKey });
      return queryClient.invalidateQueries({ queryKey: subAccountQueries.lists() });
    },
  });
}
