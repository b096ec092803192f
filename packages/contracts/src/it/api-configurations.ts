import { z } from 'zod';
import { paginationQuerySchema } from '../platform/hydra.ts';
import { timestampField, validationMessages } from '../common/fields.ts';
import { webhookEvents } from './webhook-events.ts';

export const authenticationTypes = ['none', 'query', 'header'] as const;
export type AuthenticationType = (typeof authenticationTypes)[number];

export const TARGET_URL_MAX_LENGTH = 2048;
const invalidUrl = 'This value is not a valid URL.';

/** A business registry configuration as linked from a webhook configuration. */
export const registryLinkSchema = z.object({
  '@id': z.string(),
  fiscal_id: z.string(),
});
export type RegistryLink = z.infer<typeof registryLinkSchema>;

/** Item of `GET /api/it/api-configurations` (account spec 3 "API (webhook) configuration"). */
export const apiConfigurationSchema = z.object({
  '@id': z.string(),
  uuid: z.uuid(),
  event: z.enum(webhookEvents),
  target_url: z.string(),
  authentication_type: z.enum(authenticationTypes),
  authentication_key: z.string().nullable(),
  authentication_token: z.string().nullable(),
  business_registry_configurations: z.array(registryLinkSchema),
  created_at: timestampField,
  updated_at: timestampField,
});
export type ApiConfiguration = z.infer<typeof apiConfigurationSchema>;

/** Header names and values travel in HTTP headers: control characters would split them. */
const headerSafeText = z
  .string({ error: 'This value should be of type string.' })
  .max(255, { error: validationMessages.tooLong255 })
  .regex(/^[^\p{Cc}]*$/u, { error: 'This value contains invalid characters.' });

/**
 * A registry link in a request: the IRI (`/api/it/business-registry-configurations/{fiscal_id}`),
 * the bare fiscal id, or `{ fiscal_id }` as the console's search selection sends it.
 */
export const registryLinkInputSchema = z.union([
  z.string().min(1, { error: validationMessages.notBlank }),
  z.object({ fiscal_id: z.string().min(1, { error: validationMessages.notBlank }) }),
]);

/** Body of `POST /api-configurations` and `PUT /api-configurations/{uuid}` (account spec 5). */
export const apiConfigurationRequestSchema = z
  .object({
    event: z.enum(webhookEvents, { error: validationMessages.invalidChoice }),
    target_url: z
      .string({ error: validationMessages.notBlank })
      .trim()
      .min(1, { error: validationMessages.notBlank, abort: true })
      .max(TARGET_URL_MAX_LENGTH, { error: 'This value is too long.', abort: true })
      .pipe(z.url({ protocol: /^https?$/, error: invalidUrl })),
    authentication_type: z
      .enum(authenticationTypes, { error: validationMessages.invalidChoice })
      .default('none'),
    authentication_key: headerSafeText.nullish(),
    authentication_token: headerSafeText.nullish(),
    business_registry_configurations: z.array(registryLinkInputSchema).max(1000).default([]),
  })
  .superRefine((body, context) => {
    if (body.authentication_type === 'none') return;
    // Query auth needs a parameter name, header auth a scheme: both need key and token.
    for (const field of ['authentication_key', 'authentication_token'] as const) {
      if (!body[field]) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: validationMessages.notBlank,
          params: { code: 'is_blank' },
        });
      }
    }
  });
export type ApiConfigurationRequest = z.infer<typeof apiConfigurationRequestSchema>;

export const apiConfigurationListQuerySchema = paginationQuerySchema;
export const apiConfigurationParamsSchema = z.object({ uuid: z.string() });

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

/** Item of `GET /api-configurations/{uuid}/deliveries`: the last attempt of one event. */
export const webhookDeliverySchema = z.object({
  uuid: z.uuid(),
  event: z.enum(webhookEvents),
  status: z.enum(webhookDeliveryStatuses),
  attempt: z.number().int(),
  response_code: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  replay_of: z.uuid().nullable(),
  created_at: timestampField,
  updated_at: timestampField,
  delivered_at: timestampField.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryParamsSchema = z.object({
  uuid: z.string(),
  deliveryUuid: z.string(),
});

const windowBound = z.iso.datetime({ offset: true, error: 'This value is not a valid datetime.' });

/** Body of `POST /api-configurations/{uuid}/replay`: resend every event created in [from, to]. */
export const webhookReplayWindowSchema = z
  .object({ from: windowBound, to: windowBound })
  .refine((body) => Date.parse(body.from) <= Date.parse(body.to), {
    path: ['to'],
    message: 'This value should be greater than or equal to from.',
  });

export const webhookReplayResultSchema = z.object({
  replayed: z.number().int(),
  deliveries: z.array(z.uuid()),
});

/** `GET /api/common/signature-public-key`: the key that verifies webhook signatures (RFC 9421). */
export const signaturePublicKeySchema = z.object({
  keyid: z.string(),
  alg: z.literal('ed25519'),
  jwk: z.object({
    kty: z.string(),
    crv: z.string(),
    x: z.string(),
    kid: z.string(),
    alg: z.string(),
    use: z.string(),
  }),
  pem: z.string(),
});
export type SignaturePublicKey = z.infer<typeof signaturePublicKeySchema>;

/** Answer of the on-demand `POST /invoices/{uuid}/notify` calls. */
export const notifyResultSchema = z.object({ deliveries: z.number().int() });
