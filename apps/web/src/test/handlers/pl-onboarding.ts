/**
 * The public onboarding page's API (`/api/pl`, no auth): one onboarding per link hash, in each
 * status the page shows, with the start (IN_PROGRESS, ten minutes from now), the signature file,
 * the sandbox's signature and the upload. Like the API, an upload whose file is not a signed
 * request (here: one holding `tampered`) is refused with 422 and the flow becomes ERROR.
 */
import {
  PL_AUTH_FLOW_STATUS,
  PL_LEGAL_ENTITY_MESSAGES,
  PL_ONBOARDING_MINUTES,
  plOnboardActivateSchema,
  type PlOnboarding,
} from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl, notFound, parseBody, unprocessable } from './http';
import { samplePendingEntity } from './pl-legal-entities';

/** The legal entity the links onboard (the pending one of the legal entities handlers). */
export const ONBOARDING_ENTITY_UUID = samplePendingEntity.uuid;

/** One link hash per status the tests open. */
export const onboardingHashes = {
  new: 'hash-new',
  inProgress: 'hash-in-progress',
  used: 'hash-used',
  completed: 'hash-completed',
  error: 'hash-error',
} as const;

export const SIGNATURE_FILE_XML =
  '<?xml version="1.0" encoding="utf-8"?><AuthTokenRequest xmlns="http://ksef.mf.gov.pl/auth/token/2.0"><Challenge>20261201-CR-0000000000-0000000000-00</Challenge></AuthTokenRequest>';
export const SANDBOX_SIGNED_XML = `${SIGNATURE_FILE_XML.replace('</AuthTokenRequest>', '')}<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"/></AuthTokenRequest>`;

const FLOW_UUID = '4a9c2e1f-7b3d-4e5a-8c6f-1d2e3f4a5b6c';

function onboardingOf(status: number, extra: Partial<PlOnboarding> = {}): PlOnboarding {
  return {
    customer: {
      customerName: samplePendingEntity.name,
      addressLine: `${samplePendingEntity.addressLine1} ${samplePendingEntity.addressLine2}`,
      city: samplePendingEntity.city,
      countryCode: 'PL',
      nip: samplePendingEntity.nip,
    },
    authFlowStatus: status,
    authFlowDeadline: null,
    authFlowUUID: FLOW_UUID,
    nip: samplePendingEntity.nip,
    error: null,
    sandbox: true,
    ...extra,
  };
}

const inTenMinutes = () => new Date(Date.now() + PL_ONBOARDING_MINUTES * 60_000).toISOString();

export function plOnboardingHandlers() {
  const { NEW, IN_PROGRESS, USED, COMPLETED, ERROR } = PL_AUTH_FLOW_STATUS;
  const flows = new Map<string, PlOnboarding>([
    [onboardingHashes.new, onboardingOf(NEW)],
    [onboardingHashes.inProgress, onboardingOf(IN_PROGRESS, { authFlowDeadline: inTenMinutes() })],
    [onboardingHashes.used, onboardingOf(USED, { authFlowDeadline: inTenMinutes() })],
    [onboardingHashes.completed, onboardingOf(COMPLETED, { authFlowDeadline: inTenMinutes() })],
    [
      onboardingHashes.error,
      onboardingOf(ERROR, {
        error: { code: '21115', message: 'Nieprawidłowy certyfikat.' },
      }),
    ],
  ]);
  const flowOf = (uuid: unknown, hash: unknown) =>
    uuid === ONBOARDING_ENTITY_UUID && typeof hash === 'string' ? flows.get(hash) : undefined;
  const entityAction = (action: string) =>
    apiUrl('pl', `/legal-entities/:uuid/onboard/${action}/:hash`);
  return [
    http.get(apiUrl('pl', '/onboarding/:uuid/:hash'), ({ params }) => {
      const flow = flowOf(params.uuid, params.hash);
      return flow ? HttpResponse.json(flow) : notFound();
    }),
    http.post(entityAction('start'), ({ params }) => {
      const flow = flowOf(params.uuid, params.hash);
      if (!flow) return notFound();
      Object.assign(flow, { authFlowStatus: IN_PROGRESS, authFlowDeadline: inTenMinutes() });
      return HttpResponse.json(flow);
    }),
    http.get(
      apiUrl('pl', '/authorization-flows/:flow/onboard/signature-file/:hash'),
      ({ params }) => {
        const flow = flows.get(String(params.hash));
        if (!flow || params.flow !== flow.authFlowUUID) return notFound();
        if (flow.authFlowStatus !== IN_PROGRESS) {
          return unprocessable([
            { propertyPath: '', message: PL_LEGAL_ENTITY_MESSAGES.flow_state, code: 'flow_state' },
          ]);
        }
        return new HttpResponse(SIGNATURE_FILE_XML, {
          headers: { 'Content-Type': 'application/xml' },
        });
      },
    ),
    http.post(entityAction('sandbox-sign'), ({ params }) => {
      const flow = flowOf(params.uuid, params.hash);
      if (!flow) return notFound();
      return HttpResponse.json({ signedFile: btoa(SANDBOX_SIGNED_XML) });
    }),
    http.post(entityAction('activate'), async ({ request, params }) => {
      const flow = flowOf(params.uuid, params.hash);
      if (!flow) return notFound();
      const body = await parseBody(request, plOnboardActivateSchema);
      if (!body.ok) return body.response;
      if (atob(body.data.signedFile).includes('tampered')) {
        Object.assign(flow, {
          authFlowStatus: ERROR,
          error: {
            code: 'signed_file_invalid',
            message: PL_LEGAL_ENTITY_MESSAGES.signed_file_invalid,
          },
        });
        return unprocessable([
          {
            propertyPath: 'signedFile',
            message: PL_LEGAL_ENTITY_MESSAGES.signed_file_invalid,
            code: 'signed_file_invalid',
          },
        ]);
      }
      Object.assign(flow, { authFlowStatus: COMPLETED });
      return HttpResponse.json(flow);
    }),
  ];
}
