/**
 * The business registry screen's writes: save (create or update by fiscal id), delete, the smart
 * receipt settings, one sub-account link or unlink, the user's verified-supplier setting, the
 * tax drawer's credentials and interactive set-up, the invoice-download schedule (activate,
 * deactivate, auto-renew) and the recovery of rejected invoices.
 * Each refreshes what it changed.
 */
import type {
  BusinessRegistryConfiguration,
  BusinessRegistryConfigurationRequest,
  BusinessRegistryConfigurationUpdate,
  FisconlineCredentialsRequest,
  FisconlineCredentialsStatus,
  FisconlineInteractiveSetup,
  InvoiceDownloadSchedule,
  RejectedInvoicesRecovery,
  ReceiptSettings,
  RegistrySubAccount,
  UserSettings,
} from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { ReceiptSettingsResponse } from './registry-queries';
import {
  credentialsPath,
  REGISTRIES_PATH,
  registryPath,
  rejectedPath,
  schedulePath,
  registryQueries,
  supplierSettingsQueries,
} from './registry-queries';

export type SaveRegistry =
  | { fiscalId: null; body: BusinessRegistryConfigurationRequest }
  | { fiscalId: string; body: BusinessRegistryConfigurationUpdate };

/** POST a new registry, or PUT the one named by `fiscalId`. */
export function saveRegistry({ fiscalId, body }: SaveRegistry) {
  return fiscalId === null
    ? apiFetch<BusinessRegistryConfiguration>('it', REGISTRIES_PATH, { method: 'POST', json: body })
    : apiFetch<BusinessRegistryConfiguration>('it', registryPath(fiscalId), {
        method: 'PUT',
        json: body,
      });
}

/** Links an existing sub-account (no password) to a registry. */
export function connectSubAccount(fiscalId: string, email: string) {
  return apiFetch<RegistrySubAccount>('it', `${registryPath(fiscalId)}/sub-accounts`, {
    method: 'POST',
    json: { email, password: null },
  });
}

export function disconnectSubAccount(fiscalId: string, email: string) {
  return apiFetch<void>(
    'it',
    `${registryPath(fiscalId)}/sub-accounts/${encodeURIComponent(email)}`,
    { method: 'DELETE' },
  );
}

/** After any change of a registry: its detail and every list show the new state. */
export function useRefreshRegistries() {
  const queryClient = useQueryClient();
  return async (saved?: BusinessRegistryConfiguration) => {
    if (saved) queryClient.setQueryData(registryQueries.detail(saved.fiscal_id).queryKey, saved);
    await queryClient.invalidateQueries({ queryKey: registryQueries.all() });
  };
}

export function useDeleteRegistry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fiscalId: string) =>
      apiFetch<void>('it', registryPath(fiscalId), { method: 'DELETE' }),
    onSuccess: (_result, fiscalId) => {
      queryClient.removeQueries({ queryKey: registryQueries.detail(fiscalId).queryKey });
      return queryClient.invalidateQueries({ queryKey: registryQueries.lists() });
    },
  });
}

export function useSaveReceiptSettings(fiscalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiptSettings) =>
      apiFetch<ReceiptSettingsResponse>('it', `${registryPath(fiscalId)}/receipt-settings`, {
        method: 'PUT',
        json: body,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(registryQueries.receiptSettings(fiscalId).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: registryQueries.all() });
    },
  });
}

/** `PUT /users/me/accept-only-verified-invoices` (spec 7). */
export function useAcceptOnlyVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accept: boolean) =>
      apiFetch<UserSettings>('common', '/users/me/accept-only-verified-invoices', {
        method: 'PUT',
        json: { accept_only_verified_supplier_invoices: accept },
      }),
    onSuccess: (settings) =>
      queryClient.setQueryData(supplierSettingsQueries.settings().queryKey, settings),
  });
}

/** `PUT …/credentials/fisconline`: checked by the tax portal, stored encrypted. */
export function useSaveCredentials(fiscalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FisconlineCredentialsRequest) =>
      apiFetch<FisconlineCredentialsStatus>('it', credentialsPath(fiscalId), {
        method: 'PUT',
        json: body,
      }),
    onSuccess: (status) =>
      queryClient.setQueryData(registryQueries.credentials(fiscalId).queryKey, status),
  });
}

/** `POST …/credentials/fisconline/interactive`: the one-time link to the portal's consent page. */
export function startInteractiveSetup(fiscalId: string) {
  return apiFetch<FisconlineInteractiveSetup>('it', `${credentialsPath(fiscalId)}/interactive`, {
    method: 'POST',
  });
}

export type ScheduleChange =
  | { kind: 'activate'; autoRenew: boolean; downloadArchive: boolean }
  | { kind: 'deactivate' }
  | { kind: 'autoRenew'; autoRenew: boolean };

/** One change of the invoice-download schedule; the tab then asks for its status again (spec 4). */
export function useChangeSchedule(fiscalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: ScheduleChange): Promise<void> => {
      const path = schedulePath(fiscalId);
      if (change.kind === 'deactivate') {
        await apiFetch<void>('it', path, { method: 'DELETE' });
        return;
      }
      await apiFetch<InvoiceDownloadSchedule>('it', path, {
        method: change.kind === 'activate' ? 'POST' : 'PUT',
        json:
          change.kind === 'activate'
            ? { auto_renew: change.autoRenew, download_archive: change.downloadArchive }
            : { auto_renew: change.autoRenew },
      });
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: registryQueries.schedule(fiscalId).queryKey }),
  });
}

/** `POST /rejected-invoices/{fiscalId}/recover`; the counts of the fiscal id are asked again. */
export function useRecoverRejected(fiscalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (range: { from_date: string; to_date: string }) =>
      apiFetch<RejectedInvoicesRecovery>('it', `${rejectedPath(fiscalId)}/recover`, {
        method: 'POST',
        json: range,
      }),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: [...registryQueries.details(), fiscalId, 'rejected-count'],
      }),
  });
}
