/**
 * What the registry screen changes (spec 4, 7): a registry saved or deleted, its data reading
 * turned on or off, its connect link; an account enabled or disabled, its reconnect link, its
 * delete (with its whole connection), and a payment asked to it. Each refreshes what it changed.
 */
import type {
  ObAccount,
  ObBusinessRegistry,
  ObBusinessRegistryCreate,
  ObBusinessRegistryUpdate,
  ObLocale,
  ObReceivePayment,
} from '@fiscus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { accountPath, registryPath, registryQueries } from './registry-queries';

export interface RegistrySave {
  /** The registry to edit; null creates one. */
  fiscalId: string | null;
  body: ObBusinessRegistryCreate | ObBusinessRegistryUpdate;
}

export function useSaveRegistry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fiscalId, body }: RegistrySave) =>
      apiFetch<ObBusinessRegistry>(
        'ob',
        fiscalId === null ? '/business-registry' : registryPath(fiscalId),
        { method: fiscalId === null ? 'POST' : 'PUT', json: body, as: 'json' },
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(registryQueries.detail(saved.fiscalId).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: registryQueries.all() });
    },
  });
}

export function useDeleteRegistry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fiscalId: string) =>
      apiFetch<void>('ob', registryPath(fiscalId), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registryQueries.all() }),
  });
}

/** `PUT /business-registry/{fiscalId}` with `enabled`: on starts the annual subscription. */
export function useToggleDataReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registry: ObBusinessRegistry) =>
      apiFetch<ObBusinessRegistry>('ob', registryPath(registry.fiscalId), {
        method: 'PUT',
        json: {
          businessName: registry.businessName,
          emailAlerts: registry.emailAlerts,
          enabled: !registry.enabled,
        } satisfies ObBusinessRegistryUpdate,
        as: 'json',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registryQueries.all() }),
  });
}

/** `POST /business-registry/{fiscalId}/connect`: the hosted page that connects a bank. */
export function useConnect() {
  return useMutation({
    mutationFn: ({
      fiscalId,
      locale,
      returnUrl,
    }: {
      fiscalId: string;
      locale: ObLocale;
      returnUrl: string;
    }) =>
      apiFetch<{ connectUrl: string }>('ob', registryPath(fiscalId, '/connect'), {
        method: 'POST',
        json: { locale, returnUrl },
        as: 'json',
      }),
  });
}

/** `PUT /accounts/{uuid}` with `enabled`. */
export function useToggleAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: ObAccount) =>
      apiFetch<ObAccount>('ob', accountPath(account.uuid), {
        method: 'PUT',
        json: { enabled: !account.enabled },
        as: 'json',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registryQueries.all() }),
  });
}

/** `GET /accounts/{uuid}/reconnect`: the hosted page that renews the bank's consent. */
export function useReconnect() {
  return useMutation({
    mutationFn: (uuid: string) =>
      apiFetch<{ reconnectUrl: string }>('ob', accountPath(uuid, '/reconnect'), {
        as: 'json',
        headers: { Accept: 'application/json' },
      }),
  });
}

/** `DELETE /accounts/{uuid}`: the accounts removed with it (its whole connection). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiFetch<{ removedAccounts: string[] }>('ob', accountPath(uuid), {
        method: 'DELETE',
        as: 'json',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registryQueries.all() }),
  });
}

/** `POST /payments/receive/sepa` or `/sepa-instant`: the payer's page. */
export function useReceivePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ system, body }: { system: 'sepa' | 'sepa_instant'; body: ObReceivePayment }) =>
      apiFetch<{ uuid: string; connectUrl: string }>(
        'ob',
        system === 'sepa' ? '/payments/receive/sepa' : '/payments/receive/sepa-instant',
        { method: 'POST', json: body, as: 'json' },
      ),
    // The account now has a payment: its delete is no longer offered.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registryQueries.accountLists() }),
  });
}
