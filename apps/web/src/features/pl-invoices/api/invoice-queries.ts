/**
 * Query keys and fetchers of the Polish invoices (spec 7 "Polish invoices") on the `pl` service:
 * a page of a direction's list, one invoice as JSON (status, attachments, links) and as HTML
 * (the visualisation shown in the page), through the account or an access code; and the legal
 * entities the list's filter offers. Imported by the public page too: nothing here may pull the
 * list kit in.
 */
import type { PlInvoice, PlInvoiceDetails, PlLegalEntity } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection, type QueryParams } from '../../../lib/api-client';
import {
  invoicePath,
  sendsToken,
  type InvoiceAccess,
  type InvoiceLanguage,
} from '../model/invoice-access';

function accessKey(access: InvoiceAccess): string {
  return access.kind === 'code' ? `code:${access.code}` : 'account';
}

/** How many legal entities the filter offers for what was typed. */
export const LEGAL_ENTITY_OPTIONS = 30;

export const invoiceQueries = {
  all: () => ['pl-invoices'] as const,
  lists: () => [...invoiceQueries.all(), 'list'] as const,
  list: (query: QueryParams) =>
    queryOptions({
      queryKey: [...invoiceQueries.lists(), query] as const,
      queryFn: ({ signal }) => apiFetchCollection<PlInvoice>('pl', '/invoices', { query, signal }),
    }),
  detail: (uuid: string, access: InvoiceAccess) =>
    queryOptions({
      queryKey: [...invoiceQueries.all(), 'detail', uuid, accessKey(access)] as const,
      queryFn: ({ signal }) =>
        apiFetch<PlInvoiceDetails>('pl', invoicePath(uuid, access), {
          signal,
          auth: sendsToken(access),
          as: 'json',
          headers: { Accept: 'application/json' },
        }),
    }),
  /** The visualisation in Polish or English: a whole HTML document, shown in a sandboxed frame. */
  html: (uuid: string, access: InvoiceAccess, lang: InvoiceLanguage) =>
    queryOptions({
      queryKey: [...invoiceQueries.all(), 'html', uuid, accessKey(access), lang] as const,
      queryFn: ({ signal }) =>
        apiFetch<string>('pl', invoicePath(uuid, access), {
          signal,
          auth: sendsToken(access),
          as: 'text',
          query: { lang },
          headers: { Accept: 'text/html' },
        }),
      // An invoice sent to KSeF does not change its content.
      staleTime: Infinity,
    }),
  /** Legal entities whose name (or NIP, when digits are typed) matches `search`. */
  legalEntityOptions: (search: string) =>
    queryOptions({
      queryKey: [...invoiceQueries.all(), 'legal-entity-options', search] as const,
      queryFn: ({ signal }) => {
        const text = search.trim();
        const byNip = /^[\d\s-]+$/.test(text);
        const query: QueryParams = { itemsPerPage: LEGAL_ENTITY_OPTIONS, 'order[name]': 'asc' };
        if (text !== '') query[byNip ? 'nip' : 'name'] = byNip ? text.replace(/[\s-]/g, '') : text;
        return apiFetchCollection<PlLegalEntity>('pl', '/legal-entities', { query, signal });
      },
    }),
  legalEntity: (uuid: string) =>
    queryOptions({
      queryKey: [...invoiceQueries.all(), 'legal-entity', uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<PlLegalEntity>('pl', `/legal-entities/${encodeURIComponent(uuid)}`, {
          signal,
          as: 'json',
          headers: { Accept: 'application/json' },
        }),
      staleTime: 5 * 60_000,
    }),
};
