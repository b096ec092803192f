/**
 * Query keys, fetchers and calls of the payments and transactions screens (spec 7 "Open
 * banking"; issue 36), on the `ob` service: the registries found by fiscal id (the selector),
 * a registry's accounts and the categories (the filters' choices), the payments and
 * transactions lists, a transaction's candidate invoices, confirming or rejecting its match,
 * and a camt.053/054 statement's import.
 */
import type {
  ObAccount,
  ObBusinessRegistry,
  ObMatchCandidate,
  ObMatchConfirm,
  ObPayment,
  ObStatementImport,
  ObTransaction,
} from '@fiscus/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection } from '../../../lib/api-client';
import { SELECTOR_SIZE, withQuery } from '../model/activity-filters';

function readFileBytes(file: Blob): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(
        new Uint8Array(reader.result instanceof ArrayBuffer ? reader.result : new ArrayBuffer(0)),
      );
    reader.onerror = () => reject(reader.error ?? new Error('File could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** How many registries the fiscal id selector offers for one search. */
export const REGISTRY_OPTIONS = 30;

function registryPath(fiscalId: string, suffix = ''): string {
  return `/business-registry/${encodeURIComponent(fiscalId)}${suffix}`;
}

function transactionPath(transactionId: string, suffix: string): string {
  return `/transactions/${encodeURIComponent(transactionId)}${suffix}`;
}

export const activityQueries = {
  all: () => ['ob-bank-activity'] as const,
  /** The registries whose fiscal id starts with what was typed. */
  registries: (fiscalId: string) =>
    queryOptions({
      queryKey: [...activityQueries.all(), 'registries', fiscalId] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<ObBusinessRegistry>('ob', '/business-registry', {
          query: { fiscalId, page: 1, itemsPerPage: REGISTRY_OPTIONS },
          signal,
        }),
      staleTime: 60_000,
    }),
  accounts: (fiscalId: string) =>
    queryOptions({
      queryKey: [...activityQueries.all(), 'accounts', fiscalId] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<ObAccount>('ob', registryPath(fiscalId, '/accounts'), {
          query: { page: 1, itemsPerPage: SELECTOR_SIZE },
          signal,
        }),
      staleTime: 60_000,
    }),
  categories: () =>
    queryOptions({
      queryKey: [...activityQueries.all(), 'categories'] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<{ category: string }>('ob', '/categories', {
          query: { page: 1, itemsPerPage: SELECTOR_SIZE },
          signal,
        }),
      staleTime: Infinity,
    }),
  paymentLists: () => [...activityQueries.all(), 'payments'] as const,
  payments: (fiscalId: string, query: readonly [string, string][]) =>
    queryOptions({
      queryKey: [...activityQueries.paymentLists(), fiscalId, query] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<ObPayment>('ob', withQuery(registryPath(fiscalId, '/payments'), query), {
          signal,
        }),
    }),
  transactionLists: () => [...activityQueries.all(), 'transactions'] as const,
  transactions: (fiscalId: string, query: readonly [string, string][]) =>
    queryOptions({
      queryKey: [...activityQueries.transactionLists(), fiscalId, query] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<ObTransaction>(
          'ob',
          withQuery(registryPath(fiscalId, '/transactions'), query),
          { signal },
        ),
    }),
  candidates: (transactionId: string) =>
    queryOptions({
      queryKey: [...activityQueries.all(), 'candidates', transactionId] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<ObMatchCandidate>('ob', transactionPath(transactionId, '/candidates'), {
          signal,
        }),
    }),
};

/** `PUT /transactions/{transactionId}/match`: the invoices it pays, marked paid. */
export function useConfirmMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionId, body }: { transactionId: string; body: ObMatchConfirm }) =>
      apiFetch<unknown>('ob', transactionPath(transactionId, '/match'), {
        method: 'PUT',
        json: body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityQueries.all() }),
  });
}

/** `DELETE /transactions/{transactionId}/match`: the suggestion is refused. */
export function useRejectMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) =>
      apiFetch<void>('ob', transactionPath(transactionId, '/match'), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityQueries.all() }),
  });
}

/** `POST /business-registry/{fiscalId}/statements[?account=]`: the file as the raw XML body. */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      fiscalId,
      account,
      file,
    }: {
      fiscalId: string;
      /** Absent: the file's own account, found by its IBAN or made. */
      account: string | undefined;
      file: File;
    }) =>
      apiFetch<ObStatementImport>('ob', registryPath(fiscalId, '/statements'), {
        method: 'POST',
        query: account ? { account } : {},
        // The bytes as they are: the XML declares its own encoding.
        body: await readFileBytes(file),
        headers: { 'Content-Type': 'application/xml' },
        as: 'json',
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: activityQueries.transactionLists() }),
  });
}
