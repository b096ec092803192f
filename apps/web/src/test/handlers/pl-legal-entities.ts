/**
 * In-memory Polish legal entities (`/api/pl/legal-entities`) and their console actions: block
 * toggle, onboarding link, KSeF token (mode 2) and the sandbox token. Requests are checked with
 * the API's schema; like the API, a NIP whose check digit is wrong is refused on `nip`
 * (`nip_invalid`), one already used on `nip` (`nip_taken`), the NIP of an active entity cannot
 * change (`nip_locked`), and a token KSeF refuses (here: `refused`) on `authorizationToken`.
 */
import {
  PL_AUTH_FLOW_STATUS,
  PL_LEGAL_ENTITY_MESSAGES,
  plKsefTokenRequestSchema,
  plLegalEntityRequestSchema,
  type PlLegalEntity,
  type PlLegalEntityRequest,
  type Violation,
} from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl, hydraCollection, notFound, parseBody, problem, unprocessable } from './http';
import { memoryResource } from './memory-resource';

const NOW = '2026-12-01T10:00:00.000Z';

const base = {
  addressLine1: 'ul. Marszałkowska 1',
  addressLine2: 'lok. 2',
  postcode: '00-001',
  city: 'Warszawa',
  province: 'mazowieckie',
  countryIso2: 'PL',
  incomingInvoiceEnabled: true,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-21T09:30:00.000Z',
} as const;

/** Onboarded: active, synchronised. */
export const sampleActiveEntity: PlLegalEntity = {
  ...base,
  uuid: '0c5e8a1b-3d2f-4a6b-9c8d-7e6f5a4b3c2d',
  nip: '5260250274',
  name: 'ALFA KSEF SP. Z O.O.',
  email: 'ksef@alfa.example',
  status: 'active',
  statusCode: 200,
  authFlowStatus: PL_AUTH_FLOW_STATUS.COMPLETED,
  authFlowIsValid: true,
  lastSyncAt: '2026-12-01T08:05:00.000Z',
  lastReceiveAt: '2026-11-30T16:45:00.000Z',
};

/** Never onboarded. */
export const samplePendingEntity: PlLegalEntity = {
  ...base,
  uuid: '1d6f9b2c-4e3a-4b7c-8d9e-8f7a6b5c4d3e',
  nip: '5213017228',
  name: 'BETA HANDEL S.A.',
  email: 'faktury@beta.example',
  city: 'Kraków',
  status: 'pending',
  statusCode: 100,
  authFlowStatus: null,
  authFlowIsValid: false,
  lastSyncAt: null,
  lastReceiveAt: null,
};

/** An onboarding started and left past its deadline. */
export const sampleExpiredEntity: PlLegalEntity = {
  ...base,
  uuid: '2e7a0c3d-5f4b-4c8d-9e0f-9a8b7c6d5e4f',
  nip: '7740001454',
  name: 'GAMMA USŁUGI SP. J.',
  email: 'biuro@gamma.example',
  city: 'Gdańsk',
  status: 'pending',
  statusCode: 100,
  authFlowStatus: PL_AUTH_FLOW_STATUS.IN_PROGRESS,
  authFlowIsValid: false,
  lastSyncAt: null,
  lastReceiveAt: null,
};

/** Disabled. */
export const sampleBlockedEntity: PlLegalEntity = {
  ...base,
  uuid: '3f8b1d4e-6a5c-4d9e-8f1a-0b9c8d7e6f5a',
  nip: '5252248481',
  name: 'DELTA PRODUKCJA SP. Z O.O.',
  email: 'ksiegowosc@delta.example',
  city: 'Poznań',
  status: 'blocked',
  statusCode: 300,
  authFlowStatus: null,
  authFlowIsValid: false,
  lastSyncAt: null,
  lastReceiveAt: null,
};

export const samplePlLegalEntities = [
  sampleActiveEntity,
  samplePendingEntity,
  sampleExpiredEntity,
  sampleBlockedEntity,
];

/** The token the mock KSeF refuses (any other is accepted). */
export const REFUSED_KSEF_TOKEN = 'refused';

const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** The NIP's mod-11 check digit, as `@fiscus/ksef` checks it in the API. */
function nipChecks(nip: string): boolean {
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(nip[index]), 0);
  return sum % 11 !== 10 && sum % 11 === Number(nip[9]);
}

const refused = (propertyPath: string, code: keyof typeof PL_LEGAL_ENTITY_MESSAGES): Violation => ({
  propertyPath,
  message: PL_LEGAL_ENTITY_MESSAGES[code],
  code,
});

const STATUS_CODES = { pending: 100, active: 200, blocked: 300 } as const;

function fromRequest(body: PlLegalEntityRequest & { nip: string }) {
  return {
    nip: body.nip,
    name: body.name,
    email: body.email,
    addressLine1: body.addressLine1,
    addressLine2: body.addressLine2,
    postcode: body.postcode,
    city: body.city,
    province: body.province ?? null,
  };
}

export function plLegalEntitiesHandlers(
  seed: PlLegalEntity[] = structuredClone(samplePlLegalEntities),
) {
  const entities = memoryResource(seed, (entity) => entity.uuid, 'uuid');
  const collection = apiUrl('pl', '/legal-entities');
  const item = apiUrl('pl', '/legal-entities/:uuid');
  const action = (name: string) => apiUrl('pl', `/legal-entities/:uuid/${name}`);
  const taken = (nip: string, except?: string) =>
    entities.items.some((entity) => entity.nip === nip && entity.uuid !== except);
  const nipViolations = (nip: string, except?: string): Violation[] => {
    if (!nipChecks(nip)) return [refused('nip', 'nip_invalid')];
    if (taken(nip, except)) return [refused('nip', 'nip_taken')];
    return [];
  };
  return [
    http.get(collection, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const name = query.get('name')?.toLowerCase() ?? '';
      const nip = query.get('nip') ?? '';
      const status = query.get('status');
      return hydraCollection(
        entities.items.filter(
          (entity) =>
            entity.name.toLowerCase().includes(name) &&
            entity.nip.includes(nip) &&
            (status === null || entity.status === status),
        ),
      );
    }),
    http.post(collection, async ({ request }) => {
      const body = await parseBody(request, plLegalEntityRequestSchema);
      if (!body.ok) return body.response;
      const violations = nipViolations(body.data.nip);
      if (violations.length > 0) return unprocessable(violations);
      return entities.create({
        ...base,
        ...fromRequest(body.data),
        uuid: crypto.randomUUID(),
        countryIso2: body.data.countryIso2 ?? 'PL',
        incomingInvoiceEnabled: body.data.incomingInvoiceEnabled ?? true,
        status: 'pending',
        statusCode: 100,
        authFlowStatus: null,
        authFlowIsValid: false,
        lastSyncAt: null,
        lastReceiveAt: null,
        createdAt: NOW,
        updatedAt: NOW,
      });
    }),
    http.get(item, entities.read),
    http.put(item, ({ request, params }) =>
      entities.update(params, async (current) => {
        const body = await parseBody(request, plLegalEntityRequestSchema);
        if (!body.ok) return body.response;
        if (body.data.nip !== current.nip) {
          if (current.status === 'active') return unprocessable([refused('nip', 'nip_locked')]);
          const violations = nipViolations(body.data.nip, current.uuid);
          if (violations.length > 0) return unprocessable(violations);
        }
        return {
          ...current,
          ...fromRequest(body.data),
          incomingInvoiceEnabled:
            body.data.incomingInvoiceEnabled ?? current.incomingInvoiceEnabled,
          updatedAt: NOW,
        };
      }),
    ),
    http.post(action('block'), ({ params }) =>
      entities.update(params, (current) => {
        const status =
          current.status === 'blocked'
            ? current.authFlowStatus === PL_AUTH_FLOW_STATUS.COMPLETED
              ? 'active'
              : 'pending'
            : 'blocked';
        return Promise.resolve({ ...current, status, statusCode: STATUS_CODES[status] });
      }),
    ),
    http.post(action('onboard/init'), ({ params }) => {
      const entity = entities.find(params);
      if (!entity) return notFound();
      if (entity.status === 'blocked') {
        return problem(422, 'An error occurred', PL_LEGAL_ENTITY_MESSAGES.blocked);
      }
      entity.authFlowStatus = PL_AUTH_FLOW_STATUS.NEW;
      entity.authFlowIsValid = true;
      return HttpResponse.json({
        url: `http://localhost:3000/onboarding/${entity.uuid}/8f3e2a1b9c7d`,
        authFlowUUID: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      });
    }),
    http.post(action('ksef-token/create'), async ({ request, params }) => {
      const entity = entities.find(params);
      if (!entity) return notFound();
      const body = await parseBody(request, plKsefTokenRequestSchema);
      if (!body.ok) return body.response;
      if (body.data.authorizationToken === REFUSED_KSEF_TOKEN) {
        return unprocessable([refused('authorizationToken', 'token_invalid')]);
      }
      Object.assign(entity, {
        status: 'active',
        statusCode: 200,
        authFlowStatus: PL_AUTH_FLOW_STATUS.COMPLETED,
        authFlowIsValid: true,
      });
      return HttpResponse.json(entity);
    }),
    http.post(action('sandbox/ksef-token'), ({ params }) => {
      const entity = entities.find(params);
      return entity
        ? HttpResponse.json({ authorizationToken: `sandbox-ksef-token-${entity.nip}` })
        : notFound();
    }),
  ];
}
