/**
 * The legal entity's actions beside create and edit (spec 4, 7): disable/enable (one toggling
 * call), the onboarding link, and mode 2 from the console: connecting with a KSeF token (and, on
 * a sandbox instance, getting one for the entity's NIP to rehearse it). Each refreshes what it
 * changed.
 */
import type { PlLegalEntity, PlOnboardInit, plSandboxTokenSchema } from '@fiscus/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { z } from 'zod';
import { legalEntityPath, legalEntityQueries } from './legal-entity-queries';

type SandboxToken = z.infer<typeof plSandboxTokenSchema>;

function storeEntity(queryClient: QueryClient, entity: PlLegalEntity) {
  queryClient.setQueryData(legalEntityQueries.detail(entity.uuid).queryKey, entity);
  return queryClient.invalidateQueries({ queryKey: legalEntityQueries.lists() });
}

/** `POST /legal-entities/{uuid}/block`: blocks an entity that is not blocked, unblocks one that is. */
export function useToggleBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiFetch<PlLegalEntity>('pl', legalEntityPath(uuid, '/block'), {
        method: 'POST',
        as: 'json',
      }),
    onSuccess: (entity) => storeEntity(queryClient, entity),
  });
}

/** `POST /legal-entities/{uuid}/onboard/init`: a new onboarding flow and its public page's URL. */
export function useInitOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      apiFetch<PlOnboardInit>('pl', legalEntityPath(uuid, '/onboard/init'), {
        method: 'POST',
        as: 'json',
      }),
    // The row's onboarding status is now "initialized".
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legalEntityQueries.all() }),
  });
}

/** `POST /legal-entities/{uuid}/ksef-token/create` (mode 2): the entity, now active. */
export function useConnectWithToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, authorizationToken }: { uuid: string; authorizationToken: string }) =>
      apiFetch<PlLegalEntity>('pl', legalEntityPath(uuid, '/ksef-token/create'), {
        method: 'POST',
        json: { authorizationToken, autoSelect: true },
        as: 'json',
      }),
    onSuccess: (entity) => storeEntity(queryClient, entity),
  });
}

/** Sandbox only: `POST /legal-entities/{uuid}/sandbox/ksef-token`, a KSeF token for the NIP. */
export function useSandboxToken() {
  return useMutation({
    mutationFn: (uuid: string) =>
      apiFetch<SandboxToken>('pl', legalEntityPath(uuid, '/sandbox/ksef-token'), {
        method: 'POST',
        as: 'json',
      }),
  });
}
