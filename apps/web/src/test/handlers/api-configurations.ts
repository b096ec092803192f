/**
 * An in-memory `/api/it/api-configurations` resource (webhook targets) with its delivery log and
 * replays, and the business registries a configuration links to. Requests are checked with the
 * API's schemas; like the API, the token is write-only (only its masked hint comes back) and a
 * new target origin asks for the token again.
 */
import {
  apiConfigurationRequestSchema,
  apiConfigurationUpdateSchema,
  authenticationTokenHint,
  webhookTargetMessages,
  type ApiConfiguration,
  type ApiConfigurationRequest,
  type BusinessRegistryConfiguration,
  type WebhookDelivery,
} from '@fiscus/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl, hydraCollection, notFound, parseBody, unprocessable } from './http';
import { memoryResource } from './memory-resource';

const CONFIGURATION_UUID = '0f8e7d6c-5b4a-4392-8172-6a5b4c3d2e1f';
const registryIri = (fiscalId: string) => `/api/it/business-registry-configurations/${fiscalId}`;

export const sampleRegistry: BusinessRegistryConfiguration = {
  '@id': registryIri('01234567890'),
  uuid: '2cbf67e3-1900-40d0-85e2-492546262a23',
  fiscal_id: '01234567890',
  name: 'ALPHA SRL',
  email: null,
  supplier_invoice_enabled: true,
  apply_signature: false,
  apply_legal_storage: false,
  legal_storage_active: false,
  receipts_enabled: false,
  api_configurations: [],
  sub_accounts: [],
  phone_number: null,
  receipts_alert_recipients: [],
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

export const sampleApiConfiguration: ApiConfiguration = {
  '@id': `/api/it/api-configurations/${CONFIGURATION_UUID}`,
  uuid: CONFIGURATION_UUID,
  event: 'customer-invoice',
  target_url: 'https://hooks.example.com/fiscus',
  authentication_type: 'header',
  authentication_key: 'Bearer',
  authentication_token_hint: authenticationTokenHint('a-very-long-s3cret'),
  business_registry_configurations: [
    { '@id': sampleRegistry['@id'], fiscal_id: sampleRegistry.fiscal_id },
  ],
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
};

/** A delivery of the sample configuration that failed three times. */
export const sampleFailedDelivery: WebhookDelivery = {
  uuid: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  event: 'customer-invoice',
  status: 'failed',
  attempt: 3,
  response_code: 503,
  duration_ms: 42,
  error: 'HTTP 503',
  replay_of: null,
  created_at: '2026-11-21T08:00:00.000Z',
  updated_at: '2026-11-21T08:05:00.000Z',
  delivered_at: null,
};

function links(request: ApiConfigurationRequest) {
  return request.business_registry_configurations.map((link) => {
    const fiscalId = typeof link === 'string' ? (link.split('/').at(-1) ?? link) : link.fiscal_id;
    return { '@id': registryIri(fiscalId), fiscal_id: fiscalId };
  });
}

export function apiConfigurationsHandlers(
  seed: { configurations?: ApiConfiguration[]; deliveries?: WebhookDelivery[] } = {},
  now = '2026-11-22T09:00:00.000Z',
) {
  const configurations = memoryResource(
    seed.configurations ?? [sampleApiConfiguration],
    (entry) => entry.uuid,
    'uuid',
  );
  const deliveries = [...(seed.deliveries ?? [sampleFailedDelivery])];
  /** The stored tokens (write-only: answers carry only their hint). */
  const tokens = new Map(configurations.items.map((entry) => [entry.uuid, 'a-very-long-s3cret']));
  const collection = apiUrl('it', '/api-configurations');
  const item = apiUrl('it', '/api-configurations/:uuid');

  function stored(uuid: string, request: ApiConfigurationRequest, createdAt: string) {
    const none = request.authentication_type === 'none';
    const token = none ? null : request.authentication_token || tokens.get(uuid) || null;
    if (token) tokens.set(uuid, token);
    else tokens.delete(uuid);
    return {
      '@id': `/api/it/api-configurations/${uuid}`,
      uuid,
      event: request.event,
      target_url: request.target_url,
      authentication_type: request.authentication_type,
      authentication_key: none ? null : (request.authentication_key ?? null),
      authentication_token_hint: authenticationTokenHint(token),
      business_registry_configurations: links(request),
      created_at: createdAt,
      updated_at: now,
    } satisfies ApiConfiguration;
  }

  return [
    http.get(apiUrl('it', '/business-registry-configurations'), () =>
      hydraCollection([sampleRegistry]),
    ),
    http.get(collection, ({ request }) => {
      const targetUrl = new URL(request.url).searchParams.get('targetUrl') ?? '';
      return hydraCollection(
        configurations.items.filter((entry) => entry.target_url.includes(targetUrl)),
      );
    }),
    http.post(collection, async ({ request }) => {
      const body = await parseBody(request, apiConfigurationRequestSchema);
      if (!body.ok) return body.response;
      return configurations.create(stored(crypto.randomUUID(), body.data, now));
    }),
    http.get(item, configurations.read),
    http.put(item, ({ request, params }) =>
      configurations.update(params, async (current) => {
        const body = await parseBody(request, apiConfigurationUpdateSchema);
        if (!body.ok) return body.response;
        const originChanged =
          new URL(body.data.target_url).origin !== new URL(current.target_url).origin;
        if (originChanged && !body.data.authentication_token) {
          if (body.data.authentication_type !== 'none') {
            return unprocessable([
              {
                propertyPath: 'authentication_token',
                message: webhookTargetMessages.retypeToken,
                code: 'invalid',
              },
            ]);
          }
          // The stored token belonged to the old target.
          tokens.delete(current.uuid);
        }
        return stored(current.uuid, body.data, current.created_at);
      }),
    ),
    http.delete(item, configurations.remove),
    http.get(apiUrl('it', '/api-configurations/:uuid/deliveries'), ({ params }) =>
      configurations.find(params) ? hydraCollection(deliveries) : notFound(),
    ),
    http.post(
      apiUrl('it', '/api-configurations/:uuid/deliveries/:delivery/replay'),
      ({ params }) => {
        const original = deliveries.find((entry) => entry.uuid === params.delivery);
        if (!configurations.find(params) || !original) return notFound();
        const replay: WebhookDelivery = {
          ...original,
          uuid: crypto.randomUUID(),
          status: 'pending',
          attempt: 0,
          response_code: null,
          duration_ms: null,
          error: null,
          replay_of: original.uuid,
          created_at: now,
          updated_at: now,
          delivered_at: null,
        };
        deliveries.unshift(replay);
        return HttpResponse.json(replay, { status: 202 });
      },
    ),
  ];
}
