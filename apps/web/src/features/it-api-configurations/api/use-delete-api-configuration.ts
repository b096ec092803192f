import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { apiConfigurationPath, apiConfigurationQueries } from './api-configuration-queries';

export function useDeleteApiConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiFetch<void>('it', apiConfigurationPath(uuid), { method: 'DELETE' }),
    onSuccess: (_result, uuid) => {
      queryClient.removeQueries({ queryKey: [...apiConfigurationQueries.details(), uuid] });
      return queryClient.invalidateQueries({ queryKey: apiConfigurationQueries.lists() });
    },
  });
}
