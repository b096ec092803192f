/**
 * Query keys, fetchers and mutations of the smart receipt screens (italian-invoicing spec 7):
 * `GET /receipts` with the screen's type and filters, `GET /receipts/{id}/details`, and the
 * create, return and void calls, which refresh the lists.
 */
import type {
  Receipt,
  ReceiptDetails,
  ReceiptRequest,
  ReceiptReturnRequest,
} from '@fiscus/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';
import { ApiError } from '../../../lib/hydra';
import { attachmentFileName, saveBlob } from '../../../lib/save-blob';

export const RECEIPTS_PATH = '/receipts';

export function receiptPath(uuid: string, suffix = ''): string {
  return `${RECEIPTS_PATH}/${encodeURIComponent(uuid)}${suffix}`;
}

export const receiptQueries = {
  all: () => ['it-receipts'] as const,
  lists: () => [...receiptQueries.all(), 'list'] as const,
  /**
   * One list page; with the id filter (spec 7: "when an id filter is present only the id is
   * used") only that receipt, as a one-row page (none when it is not found).
   */
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...receiptQueries.lists(), params] as const,
      queryFn: async ({ signal }): Promise<{ items: Receipt[]; total: number }> => {
        if (typeof params.id !== 'string') {
          return apiFetchCollection<Receipt>('it', RECEIPTS_PATH, { query: params, signal });
        }
        try {
          const receipt = await apiFetch<Receipt>('it', receiptPath(params.id), {
            signal,
            as: 'json',
          });
          return { items: [receipt], total: 1 };
        } catch (error) {
          if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
            return { items: [], total: 0 };
          }
          throw error;
        }
      },
    }),
  details: (uuid: string) =>
    queryOptions({
      queryKey: [...receiptQueries.all(), 'details', uuid] as const,
      queryFn: ({ signal }) =>
        apiFetch<ReceiptDetails>('it', receiptPath(uuid, '/details'), { signal, as: 'json' }),
    }),
};

/** Every receipt query again: a new sale, a return or a void changes several lists. */
function useRefreshReceipts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: receiptQueries.all() });
}

export function useCreateReceipt() {
  const refresh = useRefreshReceipts();
  return useMutation({
    mutationFn: (body: ReceiptRequest) =>
      apiFetch<Receipt>('it', RECEIPTS_PATH, { method: 'POST', json: body }),
    onSuccess: refresh,
  });
}

export function useReturnReceipt(uuid: string) {
  const refresh = useRefreshReceipts();
  return useMutation({
    mutationFn: (body: ReceiptReturnRequest) =>
      apiFetch<Receipt>('it', receiptPath(uuid, '/return'), { method: 'POST', json: body }),
    onSuccess: refresh,
  });
}

export function useVoidReceipt() {
  const refresh = useRefreshReceipts();
  return useMutation({
    mutationFn: (uuid: string) => apiFetch<void>('it', receiptPath(uuid), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** Saves the receipt as the customer gets it (spec 7: details as a PDF). */
export async function downloadReceiptPdf(uuid: string): Promise<void> {
  const response = await apiFetch<Response>('it', receiptPath(uuid, '/details'), {
    headers: { Accept: 'application/pdf' },
    as: 'response',
  });
  saveBlob(await response.blob(), attachmentFileName(response, `receipt-${uuid}.pdf`));
}
