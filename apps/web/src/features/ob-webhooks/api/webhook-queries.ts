/**
 * Query keys, fetchers and calls of the open-banking webhooks (spec "Open-banking area", 7), on
 * the `ob` service: the list, one webhook, its delivery log (the shape every webhook of the API
 * logs), and create, edit and delete (which refresh the list).
 */
import type { ObWebhook, ObWebhookRequest, WebhookDelivery } from '@fiscus/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection, type QueryParams } from '../../../lib/api-client';

/** One delivery of an open-banking webhook (its log), events as the API keys them. */
export type ObWebhookDelivery = Omit<WebhookDelivery, 'event'> & { event: string };

const WEBHOOKS_PATH = '/webhooks';

export function webhookPath(uuid: string, suffix = ''): string {
  return `${WEBHOOKS_PATH}/${encodeURIComponent(uuid)}${suffix}`;
}

export const webhookQueries = {
  all: () => ['ob-webhooks'] as const,
  lists: () => [...webhookQueries.all(), 'list'] as const,
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...webhookQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<ObWebhook>('ob', WEBHOOKS_PATH, { query: params, signal }),
    }),
  details: () => [...webhookQueries.all(), 'detail'] as const,
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...webhookQueries.details(), uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<ObWebhook>('ob', webhookPath(uuid), {
          signal,
          as: 'json',
          headers: { Accept: 'application/json' },
        }),
    }),
  deliveries: (uuid: string, params: QueryParams) =>
    queryOptions({
      queryKey: [...webhookQueries.details(), uuid, 'deliveries', params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<ObWebhookDelivery>('ob', webhookPath(uuid, '/deliveries'), {
          query: params,
          signal,
        }),
    }),
};

export interface WebhookSave {
  /** The webhook to edit; null creates one. */
  uuid: string | null;
  body: ObWebhookRequest;
}

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: WebhookSave) =>
      apiFetch<ObWebhook>('ob', uuid === null ? WEBHOOKS_PATH : webhookPath(uuid), {
        method: uuid === null ? 'POST' : 'PUT',
        json: body,
        as: 'json',
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(webhookQueries.detail(saved.uuid).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: webhookQueries.lists() });
    },
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => apiFetch<void>('ob', webhookPath(uuid), { method: 'DELETE' }),
    onSuccess: (_result, uuid) => {
      queryClient.removeQueries({ queryKey: [...webhookQueries.details(), uuid] });
      return queryClient.invalidateQueries({ queryKey: webhookQueries.lists() });
    },
  });
}
