import type { WebhookDelivery } from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { apiConfigurationPath, apiConfigurationQueries } from './api-configuration-queries';

export interface ReplayWindow {
  /** ISO 8601 instants with offset, as the API expects. */
  from: string;
  to: string;
}

/** Sends the event of one delivery again; the replay shows up as a new row of the log. */
export function useReplayDelivery(configurationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryUuid: string) =>
      apiFetch<WebhookDelivery>(
        'it',
        `${apiConfigurationPath(configurationUuid)}/deliveries/${encodeURIComponent(deliveryUuid)}/replay`,
        { method: 'POST' },
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: apiConfigurationQueries.deliveryLists(configurationUuid),
      }),
  });
}

/** Sends again every event first delivered in the window. */
export function useReplayWindow(configurationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (window: ReplayWindow) =>
      apiFetch<{ replayed: number; deliveries: string[] }>(
        'it',
        `${apiConfigurationPath(configurationUuid)}/replay`,
        { method: 'POST', json: window },
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: apiConfigurationQueries.deliveryLists(configurationUuid),
      }),
  });
}
