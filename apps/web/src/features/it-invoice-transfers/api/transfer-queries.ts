/**
 * Query keys and fetchers of invoice transfers (spec 7): the list and one transfer on the
 * Italian service, the folder tree on the transfer service (the root, then a folder's children
 * by prefix, each loaded when the folder is opened).
 */
import type { InvoiceTransfer, TransferDirs, TransferUploadProgress } from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';

export const TRANSFERS_PATH = '/invoice-transfers';
/** The transfer service's project (spec 3 "Import payload"). */
export const TRANSFER_PROJECT = 'it';

export function transferPath(uuid: string): string {
  return `${TRANSFERS_PATH}/${encodeURIComponent(uuid)}`;
}

export const transferQueries = {
  all: () => ['it-invoice-transfers'] as const,
  lists: () => [...transferQueries.all(), 'list'] as const,
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...transferQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<InvoiceTransfer>('it', TRANSFERS_PATH, { query: params, signal }),
    }),
  details: () => [...transferQueries.all(), 'detail'] as const,
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...transferQueries.details(), uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<InvoiceTransfer>('it', transferPath(uuid), { signal, as: 'json' }),
    }),
  /** The folders of the tree: the root's with `prefix` '' (root_dir '/'), else a folder's. */
  dirs: (prefix: string) =>
    queryOptions({
      queryKey: [...transferQueries.all(), 'dirs', prefix] as const,
      queryFn: ({ signal }) =>
        apiFetch<TransferDirs>('transfer', `/${TRANSFER_PROJECT}/dirs`, {
          query: { prefix: prefix === '' ? undefined : prefix },
          signal,
          headers: { Accept: 'application/json' },
          as: 'json',
        }),
    }),
};

/** How far the transfer service has read an upload (`GET /api/transfer/it/uploads/{uuid}`). */
export function uploadProgressQuery(uuid: string) {
  return queryOptions({
    queryKey: [...transferQueries.all(), 'upload', uuid] as const,
    queryFn: ({ signal }) =>
      apiFetch<TransferUploadProgress>(
        'transfer',
        `/${TRANSFER_PROJECT}/uploads/${encodeURIComponent(uuid)}`,
        { signal, headers: { Accept: 'application/json' }, as: 'json' },
      ),
  });
}
