import type { SubAccount, SubAccountCreateRequest } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { subAccountQueries } from './sub-account-queries';

export function useCreateSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubAccountCreateRequest) =>
      apiFetch<SubAccount>('common', '/users/me/accounts', { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subAccountQueries.lists() }),
  });
}
