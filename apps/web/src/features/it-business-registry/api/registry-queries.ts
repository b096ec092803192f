/**
 * Query keys and fetchers of the business registry screen: the registries themselves, their
 * smart receipt settings, stored tax portal credentials, invoice-download schedule and rejected
 * invoices count, and what the dialog offers to link (webhook configurations, the
 * manager's sub-accounts), plus the user's recipient code and settings for the supplier box.
 */
import type {
  ApiConfiguration,
  BusinessRegistryConfiguration,
  FisconlineCredentialsStatus,
  InvoiceDownloadSchedule,
  RejectedInvoicesCount,
  RecipientCodeResponse,
  receiptSettingsResponseSchema,
  SubAccount,
  UserSettings,
} from '@fiscus/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchCollection } from '../../../lib/api-client';
import type { QueryParams } from '../../../lib/api-client';
import type { z } from 'zod';

export const REGISTRIES_PATH = '/business-registry-configurations';
/** Spec 2.7, 9: the webhook configuration search offers a paged list of 100. */
export const LINK_OPTIONS_PAGE_SIZE = 100;

export function registryPath(fiscalId: string): string {
  return `${REGISTRIES_PATH}/${encodeURIComponent(fiscalId)}`;
}

/** The Fisconline credentials of a registry (tax drawer tab). */
export function credentialsPath(fiscalId: string): string {
  return `${registryPath(fiscalId)}/credentials/fisconline`;
}

/** The invoice-download schedule of a fiscal id (massive imports tab). */
export function schedulePath(fiscalId: string): string {
  return `/schedule/invoice-download/${encodeURIComponent(fiscalId)}`;
}

/** The rejected invoices of a fiscal id (recover tab). */
export function rejectedPath(fiscalId: string): string {
  return `/rejected-invoices/${encodeURIComponent(fiscalId)}`;
}

/** `GET /business-registry-configurations/{id}/receipt-settings` (smart receipt tab). */
export type ReceiptSettingsResponse = z.infer<typeof receiptSettingsResponseSchema>;

const json = { headers: { Accept: 'application/json' } } as const;

export const registryQueries = {
  all: () => ['it-business-registry'] as const,
  lists: () => [...registryQueries.all(), 'list'] as const,
  list: (params: QueryParams) =>
    queryOptions({
      queryKey: [...registryQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<BusinessRegistryConfiguration>('it', REGISTRIES_PATH, {
          query: params,
          signal,
        }),
    }),
  details: () => [...registryQueries.all(), 'detail'] as const,
  detail: (fiscalId: string) =>
    queryOptions({
      queryKey: [...registryQueries.details(), fiscalId] as const,
      queryFn: ({ signal }) =>
        apiFetch<BusinessRegistryConfiguration>('it', registryPath(fiscalId), {
          ...json,
          signal,
        }),
    }),
  receiptSettings: (fiscalId: string) =>
    queryOptions({
      queryKey: [...registryQueries.details(), fiscalId, 'receipt-settings'] as const,
      queryFn: ({ signal }) =>
        apiFetch<ReceiptSettingsResponse>('it', `${registryPath(fiscalId)}/receipt-settings`, {
          ...json,
          signal,
        }),
    }),
  /** The tax drawer tab: whether Fisconline credentials are stored, and since when. */
  credentials: (fiscalId: string) =>
    queryOptions({
      queryKey: [...registryQueries.details(), fiscalId, 'credentials'] as const,
      queryFn: ({ signal }) =>
        apiFetch<FisconlineCredentialsStatus>('it', credentialsPath(fiscalId), {
          ...json,
          signal,
        }),
    }),
  /** The massive imports tab: the invoice-download schedule of the fiscal id. */
  schedule: (fiscalId: string) =>
    queryOptions({
      queryKey: [...registryQueries.details(), fiscalId, 'invoice-download'] as const,
      queryFn: ({ signal }) =>
        apiFetch<InvoiceDownloadSchedule>('it', schedulePath(fiscalId), { ...json, signal }),
    }),
  /** The recover tab: invoices SDI rejected in the range, and how many are not here yet. */
  rejectedCount: (fiscalId: string, range: { from_date: string; to_date: string }) =>
    queryOptions({
      queryKey: [...registryQueries.details(), fiscalId, 'rejected-count', range] as const,
      queryFn: ({ signal }) =>
        apiFetch<RejectedInvoicesCount>('it', `${rejectedPath(fiscalId)}/count`, {
          ...json,
          query: range,
          signal,
        }),
    }),
  /** Webhook configurations whose target URL contains `targetUrl` (first 100). */
  apiConfigurationOptions: (targetUrl: string) =>
    queryOptions({
      queryKey: [...registryQueries.all(), 'api-configuration-options', targetUrl] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<ApiConfiguration>('it', '/api-configurations', {
          query: { targetUrl, itemsPerPage: LINK_OPTIONS_PAGE_SIZE },
          signal,
        }),
    }),
  /** The manager's sub-accounts whose email contains `email` (first 100). */
  subAccountOptions: (email: string) =>
    queryOptions({
      queryKey: [...registryQueries.all(), 'sub-account-options', email] as const,
      queryFn: ({ signal }) =>
        apiFetchCollection<SubAccount>('common', '/users/me/accounts', {
          query: { email, itemsPerPage: LINK_OPTIONS_PAGE_SIZE },
          signal,
        }),
    }),
};

/** What the supplier-invoice settings box reads: the recipient code and the user settings. */
export const supplierSettingsQueries = {
  recipientCode: () =>
    queryOptions({
      queryKey: ['it-business-registry', 'recipient-code'] as const,
      queryFn: ({ signal }) =>
        apiFetch<RecipientCodeResponse>('it', '/users/me/recipient-code', { ...json, signal }),
    }),
  settings: () =>
    queryOptions({
      queryKey: ['it-business-registry', 'user-settings'] as const,
      queryFn: ({ signal }) =>
        apiFetch<UserSettings>('common', '/users/me/settings', { ...json, signal }),
    }),
};
