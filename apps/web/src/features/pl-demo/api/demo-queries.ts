/**
 * The Polish demo's calls (spec "Polish demo", 7; admin in the Polish context) on the `pl`
 * service: the batch's generation, statuses and reset; the single invoice's send, status and
 * session archive emulation; the sandbox's infrastructure facts.
 */
import type {
  PlDemoGenerate,
  PlDemoStatus,
  PlInfrastructureInfo,
  plDemoSendResultSchema,
  plInvoiceStatusSchema,
} from '@fiscus/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export type DemoSendResult = z.infer<typeof plDemoSendResultSchema>;
export type DemoInvoiceStatus = z.infer<typeof plInvoiceStatusSchema>;

const json = { as: 'json' as const, headers: { Accept: 'application/json' } };

export const demoQueries = {
  all: () => ['pl-demo'] as const,
  statusLists: () => [...demoQueries.all(), 'statuses'] as const,
  /** `GET /invoices/demo-statuses?order_filter=DESC&nip1=`: newest first. */
  statuses: (nip1: string) =>
    queryOptions({
      queryKey: [...demoQueries.statusLists(), nip1] as const,
      queryFn: ({ signal }) =>
        apiFetch<PlDemoStatus[]>('pl', '/invoices/demo-statuses', {
          ...json,
          query: { order_filter: 'DESC', nip1 },
          signal,
        }),
    }),
  invoiceStatus: (uuid: string) =>
    queryOptions({
      queryKey: [...demoQueries.all(), 'status', uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<DemoInvoiceStatus>('pl', `/invoices/${encodeURIComponent(uuid)}/status`, {
          ...json,
          signal,
        }),
    }),
  info: () =>
    queryOptions({
      queryKey: [...demoQueries.all(), 'info'] as const,
      queryFn: ({ signal }) =>
        apiFetch<PlInfrastructureInfo>('pl', '/infrastructure/info', { ...json, signal }),
      staleTime: 5 * 60_000,
    }),
};

/** `POST /invoices/v2/generate`: invoices from nip1 to nip2 through the sandbox. */
export function useGenerateInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlDemoGenerate) =>
      apiFetch<{ generated: number; uuids: string[] }>('pl', '/invoices/v2/generate', {
        method: 'POST',
        json: body,
        as: 'json',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: demoQueries.statusLists() }),
  });
}

/** `DELETE /invoices/demo-statuses/restart`: the demo starts over. */
export function useResetDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('pl', '/invoices/demo-statuses/restart', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: demoQueries.statusLists() }),
  });
}

/** `POST /invoices/v1/attachments` with the FA(3) XML as the body. */
export function useSendDemoInvoice() {
  return useMutation({
    mutationFn: (xml: string) =>
      apiFetch<DemoSendResult>('pl', '/invoices/v1/attachments', {
        method: 'POST',
        body: xml,
        headers: { 'Content-Type': 'application/xml', Accept: 'application/json' },
        as: 'json',
      }),
  });
}

/** `POST /demo-statuses/session-archive-emulation` for nip1's sessions. */
export function useArchiveSessions() {
  return useMutation({
    mutationFn: (nip1: string) =>
      apiFetch<{ archived: number }>('pl', '/demo-statuses/session-archive-emulation', {
        method: 'POST',
        json: { nip1 },
        as: 'json',
      }),
  });
}
