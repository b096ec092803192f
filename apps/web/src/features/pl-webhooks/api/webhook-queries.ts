/**
 * Query keys, fetchers and calls of the Polish webhooks (spec "/gov-pl/webhooks"; api
 * "Webhooks"), on the `pl` service: the list (every webhook at once), one webhook, its delivery
 * log, the legal entities the form picks from (searched), and create, edit and delete (which
 * refresh the list).
 */
import type {
  PlLegalEntity,
  PlWebhook,
  PlWebhookDelivery,
  PlWebhookRequest,
} from '@fiscus/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection, type QueryParams } from '../../../lib/api-client';

const WEBHOOKS_PATH = '/webhooks';

export function webhookPath(uuid: string, suffix = ''): string {
  return `${WEBHOOKS_PATH}/${encodeURIComponent(uuid)}${suffix}`;
}

/** How many legal entities the picker offers for one search. */
export const LEGAL_ENTITY_OPTIONS = 30;

export const webhookQueries = {
  all: () => ['pl-webhooks'] as const,
  lists: () => [...webhookQueries.all(), 'list'] as const,
  /** Spec: no pagination; the API answers every webhook. */
  list: () =>
    queryOptions({
      queryKey: webhookQueries.lists(),
      queryFn: ({ signal }) => apiFetchCollection<PlWebhook>('pl', WEBHOOKS_PATH, { signal }),
    }),
  details: () => [...webhookQueries.all(), 'detail'] as const,
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...webhookQueries.details(), uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<PlWebhook>('pl', webhookPath(uuid), {
          signal,
          as: 'json',
          headers: { Accept: 'application/json' },
        }),
    }),
  deliveries: (uuid: string, params: QueryParams) =>
    queryOptions({
      queryKey: [...webhookQueries.details(), uuid, 'deliveries', params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<PlWebhookDelivery>('pl', webhookPath(uuid, '/deliveries'), {
          query: params,
          signal,
        }),
    }),
  /** The legal entities a webhook may belong to, by name or NIP. */
  legalEntityOptions: (search: { name?: string; nip?: string }) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'legal-entity-options', search] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<PlLegalEntity>('pl', '/legal-entities', {
          query: { ...search, 'order[name]': 'asc', page: 1, itemsPerPage: LEGAL_ENTITY_OPTIONS },
          signal,
        }),
      staleTime: 60_000,
    }),
};

export interface WebhookSave {
  /** The webhook to edit; null creates one. */
  uuid: string | null;
  body: PlWebhookRequest;
}

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, body }: WebhookSave) =>
      apiFetch<PlWebhook>('pl', uuid === null ? WEBHOOKS_PATH : webhookPath(uuid), {
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
    mutationFn: (uuid: string) => apiFetch<void>('pl', webhookPath(uuid), { method: 'DELETE' }),
    onSuccess: (_result, uuid) => {
      queryClient.removeQueries({ queryKey: [...webhookQueries.details(), uuid] });
      return queryClient.invalidateQueries({ queryKey: webhookQueries.lists() });
    },
  });
}
