import type { ApiConfiguration, ApiConfigurationRequest } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import {
  API_CONFIGURATIONS_PATH,
  apiConfigurationPath,
  apiConfigurationQueries,
} from './api-configuration-queries';

/** Creates a configuration (no uuid) or replaces an existing one. */
export function useSaveApiConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string | null; body: ApiConfigurationRequest }) =>
      uuid === null
        ? apiFetch<ApiConfiguration>('it', API_CONFIGURATIONS_PATH, { method: 'POST', json: body })
        : apiFetch<ApiConfiguration>('it', apiConfigurationPath(uuid), {
            method: 'PUT',
            json: body,
          }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(apiConfigurationQueries.detail(saved.uuid).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: apiConfigurationQueries.lists() });
    },
  });
}
