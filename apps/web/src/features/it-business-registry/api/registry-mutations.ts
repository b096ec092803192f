/**
 * The business registry screen's writes: save (create or update by fiscal id), delete, the smart
 * receipt settings, one sub-account link or unlink, and the user's verified-supplier setting.
 * Each refreshes what it changed.
 */
import type {
  BusinessRegistryConfiguration,
  BusinessRegistryConfigurationRequest,
  BusinessRegistryConfigurationUpdate,
  ReceiptSettings,
  RegistrySubAccount,
  UserSettings,
} from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { ReceiptSettingsResponse } from './registry-queries';
import {
  REGISTRIES_PATH,
  registryPath,
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
