/**
 * Query keys, fetchers and calls of the Peppol webhooks (spec "Peppol webhooks list"; provider
 * section 5), on the `peppol` service in the screen's domain: the list, one webhook, its
 * delivery log, the new webhook and the delete (which refresh the lists).
 */
import type { PeppolWebhook, PeppolWebhookRequest, WebhookDelivery } from '@fiscus/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';
import { peppolApiPath, type PeppolDomain } from '../../../lib/peppol-domain';

/** One delivery of a Peppol webhook (its log), as the Italian delivery log has it. */
export type PeppolWebhookDelivery = Omit<WebhookDelivery, 'event'> & {
  event: PeppolWebhook['event'];
};

export function webhooksPath(domain: PeppolDomain): string {
  return peppolApiPath(domain, '/webhooks');
}

export function webhookPath(domain: PeppolDomain, uuid: string, suffix = ''): string {
  return `${webhooksPath(domain)}/${encodeURIComponent(uuid)}${suffix}`;
}

export const webhookQueries = {
  all: () => ['peppol-webhooks'] as const,
  lists: () => [...webhookQueries.all(), 'list'] as const,
  list: (domain: PeppolDomain, params: QueryParams) =>
    queryOptions({
      queryKey: [...webhookQueries.lists(), domain, params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<PeppolWebhook>('peppol', webhooksPath(domain), {
          query: params,
          signal,
        }),
    }),
  details: () => [...webhookQueries.all(), 'detail'] as const,
  detail: (domain: PeppolDomain, uuid: string) =>
    queryOptions({
      queryKey: [...webhookQueries.details(), domain, uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<PeppolWebhook>('peppol', webhookPath(domain, uuid), {
          signal,
          as: 'json',
          headers: { Accept: 'application/json' },
        }),
    }),
  deliveries: (domain: PeppolDomain, uuid: string, params: QueryParams) =>
    queryOptions({
      queryKey: [...webhookQueries.details(), domain, uuid, 'deliveries', params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<PeppolWebhookDelivery>(
          'peppol',
          webhookPath(domain, uuid, '/deliveries'),
          { query: params, signal },
        ),
    }),
};

export function useCreateWebhook(domain: PeppolDomain) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PeppolWebhookRequest) =>
      apiFetch<PeppolWebhook>('peppol', webhooksPath(domain), {
        method: 'POST',
        json: body,
        as: 'json',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueries.lists() }),
  });
}

export function useDeleteWebhook(domain: PeppolDomain) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiFetch<void>('peppol', webhookPath(domain, uuid), { method: 'DELETE' }),
    onSuccess: (_result, uuid) => {
      queryClient.removeQueries({ queryKey: [...webhookQueries.details(), domain, uuid] });
      return queryClient.invalidateQueries({ queryKey: webhookQueries.lists() });
    },
  });
}
