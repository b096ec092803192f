import type { Invoice, InvoiceNotification, PreservedDocument } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection, ApiError } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';
import { propertyFilter, type Collection } from '../../../lib/hydra';
import { isInvoiceUuid } from '../model/invoice-filters';
import { INVOICE_LIST_PROPERTIES, type InvoiceListRow } from '../model/invoice-list-row';

export const invoicePath = (uuid: string) => `/invoices/${encodeURIComponent(uuid)}`;
export const draftPath = (uuid: string) => `/invoices/draft/${encodeURIComponent(uuid)}`;

/** Asks the list for notifications too (spec 7: the extended-output header). */
const extendedOutput = { 'X-Extended-Output': 'true' };

async function fetchInvoiceList(query: QueryParams, signal: AbortSignal) {
  const uuid = typeof query.uuid === 'string' ? query.uuid : undefined;
  // No invoice has a malformed id: answer "no results" instead of a 400 error state.
  if (uuid !== undefined && !isInvoiceUuid(uuid)) {
    return { items: [], total: 0 } satisfies Collection<InvoiceListRow>;
  }
  return apiFetchCollection<InvoiceListRow>('it', '/invoices', {
    query: { ...query, ...propertyFilter(INVOICE_LIST_PROPERTIES) },
    headers: extendedOutput,
    signal,
  });
}

/** The stored preserved document, or null while the invoice was never sent to preservation. */
async function fetchPreservedDocument(uuid: string, signal: AbortSignal) {
  try {
    return await apiFetch<PreservedDocument>('it', `${invoicePath(uuid)}/preserved-document`, {
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A draft's stored XML; anything but XML in the answer is a load error, never shown as XML. */
async function fetchDraftXml(uuid: string, signal: AbortSignal): Promise<string> {
  const response = await apiFetch<Response>('it', draftPath(uuid), {
    headers: { Accept: 'application/xml' },
    as: 'response',
    signal,
  });
  if (!/\bxml\b/i.test(response.headers.get('Content-Type') ?? '')) {
    throw new Error(`GET ${draftPath(uuid)} answered no XML`);
  }
  return response.text();
}

/**
 * Query keys and fetchers of Italian invoices, from general to specific. Everything about one
 * invoice sits under `detail(uuid)`, so invalidating that prefix refreshes the whole dialog.
 */
export const invoiceQueries = {
  all: () => ['it-invoices'] as const,
  lists: () => [...invoiceQueries.all(), 'list'] as const,
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...invoiceQueries.lists(), params] as const,
      queryFn: ({ signal }) => fetchInvoiceList(params, signal),
    }),
  details: () => [...invoiceQueries.all(), 'detail'] as const,
  detailKey: (uuid: string) => [...invoiceQueries.details(), uuid] as const,
  detail: (uuid: string) =>
    queryOptions({
      queryKey: invoiceQueries.detailKey(uuid),
      queryFn: ({ signal }) =>
        apiFetch<Invoice>('it', invoicePath(uuid), {
          headers: { Accept: 'application/json' },
          signal,
        }),
    }),
  notifications: (uuid: string) =>
    queryOptions({
      queryKey: [...invoiceQueries.detailKey(uuid), 'notifications'] as const,
      queryFn: ({ signal }) =>
        apiFetch<InvoiceNotification[]>('it', `${invoicePath(uuid)}/notifications`, {
          headers: { Accept: 'application/json' },
          signal,
        }),
    }),
  fixInfo: (uuid: string) =>
    queryOptions({
      queryKey: [...invoiceQueries.detailKey(uuid), 'fix-info'] as const,
      queryFn: ({ signal }) =>
        apiFetch<{ uuid: string; is_fixable: boolean }>('it', `${invoicePath(uuid)}/fix-info`, {
          headers: { Accept: 'application/json' },
          signal,
        }),
    }),
  preservedDocument: (uuid: string) =>
    queryOptions({
      queryKey: [...invoiceQueries.detailKey(uuid), 'preserved-document'] as const,
      queryFn: ({ signal }) => fetchPreservedDocument(uuid, signal),
    }),
  /** The stored XML or the engine's HTML rendering, as text. */
  representation: (uuid: string, type: 'application/xml' | 'text/html') =>
    queryOptions({
      queryKey: [...invoiceQueries.detailKey(uuid), type] as const,
      queryFn: ({ signal }) =>
        apiFetch<string>('it', invoicePath(uuid), {
          headers: { Accept: type },
          as: 'text',
          signal,
        }),
    }),
  /** One draft for the dialog's draft variant (spec 2: info, attachments, json and xml). */
  draftKey: (uuid: string) => [...invoiceQueries.all(), 'draft', uuid] as const,
  draft: (uuid: string) =>
    queryOptions({
      queryKey: invoiceQueries.draftKey(uuid),
      queryFn: ({ signal }) =>
        apiFetch<Invoice>('it', draftPath(uuid), {
          headers: { Accept: 'application/json' },
          signal,
        }),
      // Drafts are edited on the drafts page under that feature's own keys: reread on each open.
      staleTime: 0,
    }),
  draftXml: (uuid: string) =>
    queryOptions({
      queryKey: [...invoiceQueries.draftKey(uuid), 'application/xml'] as const,
      queryFn: ({ signal }) => fetchDraftXml(uuid, signal),
      staleTime: 0,
      retry: false,
    }),
};
