import type { PreSaleAction, PreSaleActionRequest } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import {
  PRE_SALE_ACTIONS_PATH,
  preSaleActionPath,
  preSaleActionQueries,
} from './pre-sale-action-queries';

/** Creates an action (no uuid) or replaces an existing one. */
export function useSavePreSaleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string | null; body: PreSaleActionRequest }) =>
      uuid === null
        ? apiFetch<PreSaleAction>('common', PRE_SALE_ACTIONS_PATH, { method: 'POST', json: body })
        : apiFetch<PreSaleAction>('common', preSaleActionPath(uuid), { method: 'PUT', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preSaleActionQueries.lists() }),
  });
}
