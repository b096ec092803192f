import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { preSaleActionPath, preSaleActionQueries } from './pre-sale-action-queries';

export function useDeletePreSaleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiFetch<void>('common', preSaleActionPath(uuid), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preSaleActionQueries.lists() }),
  });
}
