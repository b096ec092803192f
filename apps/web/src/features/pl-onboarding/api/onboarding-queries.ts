/**
 * The public onboarding page's calls (spec 7 "Polish legal entities"; api: the NO AUTH routes),
 * on the `pl` service: the onboarding's data, its start, the signature file to sign, the signed
 * file's upload (activate) and, on a sandbox instance, the file signed with a test certificate.
 * These go without the bearer token whoever is signed in: the link's hash is the credential.
 * Mode 2 is the signed-in user's: the KSeF token (and the sandbox's token) go with the session.
 */
import type {
  PlLegalEntity,
  PlOnboardActivate,
  PlOnboarding,
  plSandboxSignSchema,
  plSandboxTokenSchema,
} from '@fiscus/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const segment = encodeURIComponent;

export interface OnboardingLink {
  legalEntityUuid: string;
  hash: string;
}

const publicJson = { auth: false, as: 'json', headers: { Accept: 'application/json' } } as const;

export const onboardingQueries = {
  all: () => ['pl-onboarding'] as const,
  detail: ({ legalEntityUuid, hash }: OnboardingLink) =>
    queryOptions({
      queryKey: [...onboardingQueries.all(), legalEntityUuid, hash] as const,
      queryFn: ({ signal }) =>
        apiFetch<PlOnboarding>('pl', `/onboarding/${segment(legalEntityUuid)}/${segment(hash)}`, {
          signal,
          ...publicJson,
        }),
      // The page follows the flow itself; a refetch on focus must not undo a step on screen.
      refetchOnWindowFocus: false,
    }),
};

function legalEntityAction(link: OnboardingLink, action: string): string {
  return `/legal-entities/${segment(link.legalEntityUuid)}/onboard/${action}/${segment(link.hash)}`;
}

/** Keeps the onboarding a call answered, so the header and the stepper follow it. */
function useStoreOnboarding(link: OnboardingLink) {
  const queryClient = useQueryClient();
  return (onboarding: PlOnboarding) =>
    queryClient.setQueryData(onboardingQueries.detail(link).queryKey, onboarding);
}

/** `POST /legal-entities/{uuid}/onboard/start/{hash}`: IN_PROGRESS, the 10 minutes start. */
export function useStartOnboarding(link: OnboardingLink) {
  const store = useStoreOnboarding(link);
  return useMutation({
    mutationFn: () =>
      apiFetch<PlOnboarding>('pl', legalEntityAction(link, 'start'), {
        method: 'POST',
        ...publicJson,
      }),
    onSuccess: store,
  });
}

/**
 * `GET /authorization-flows/{authFlowUUID}/onboard/signature-file/{hash}`: the AuthTokenRequest
 * to sign, as its bytes (a signature covers them exactly).
 */
export function fetchSignatureFile(authFlowUuid: string, hash: string): Promise<Blob> {
  return apiFetch<Blob>(
    'pl',
    `/authorization-flows/${segment(authFlowUuid)}/onboard/signature-file/${segment(hash)}`,
    { auth: false, as: 'blob', headers: { Accept: 'application/xml' } },
  );
}

/** `POST /legal-entities/{uuid}/onboard/activate/{hash}`: COMPLETED, or 422 (the flow is ERROR). */
export function useActivateOnboarding(link: OnboardingLink) {
  const store = useStoreOnboarding(link);
  return useMutation({
    mutationFn: (body: PlOnboardActivate) =>
      apiFetch<PlOnboarding>('pl', legalEntityAction(link, 'activate'), {
        method: 'POST',
        json: body,
        ...publicJson,
      }),
    onSuccess: store,
  });
}

/** Sandbox only: `POST /legal-entities/{uuid}/onboard/sandbox-sign/{hash}`, the file signed. */
export function useSandboxSign(link: OnboardingLink) {
  return useMutation({
    mutationFn: () =>
      apiFetch<z.infer<typeof plSandboxSignSchema>>('pl', legalEntityAction(link, 'sandbox-sign'), {
        method: 'POST',
        ...publicJson,
      }),
  });
}

/** Mode 2, signed in: `POST /legal-entities/{uuid}/ksef-token/create` with `autoSelect: true`. */
export function useConnectWithToken(legalEntityUuid: string) {
  return useMutation({
    mutationFn: (authorizationToken: string) =>
      apiFetch<PlLegalEntity>(
        'pl',
        `/legal-entities/${segment(legalEntityUuid)}/ksef-token/create`,
        {
          method: 'POST',
          json: { authorizationToken, autoSelect: true },
          as: 'json',
        },
      ),
  });
}

/** Mode 2 on a sandbox instance: a KSeF token for the entity's NIP, to rehearse the step. */
export function useSandboxToken(legalEntityUuid: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch<z.infer<typeof plSandboxTokenSchema>>(
        'pl',
        `/legal-entities/${segment(legalEntityUuid)}/sandbox/ksef-token`,
        { method: 'POST', as: 'json' },
      ),
  });
}
