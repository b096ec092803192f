import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invoiceQueries } from './invoice-queries';

/** POST /invoices/downloaded: flags the selected invoices as downloaded or not. */
export function useSetDownloaded() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { uuids: string[]; downloaded: boolean }) =>
      apiFetch<{ updated: number }>('it', '/invoices/downloaded', { json: input }),
    // The flag shows in lists and in each invoice's info tab.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceQueries.all() }),
  });
}
