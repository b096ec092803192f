import { z } from 'zod';
import { paginationQuerySchema } from '../platform/hydra.ts';
import { timestampField, validationMessages } from '../common/fields.ts';
import { webhookEvents } from './webhook-events.ts';

export const authenticationTypes = ['none', 'query', 'header'] as const;
export type AuthenticationType = (typeof authenticationTypes)[number];

export const TARGET_URL_MAX_LENGTH = 2048;

/** The API's refusals of a webhook target and token (the console translates each). */
export const webhookTargetMessages = {
  invalidUrl: 'This value is not a valid URL.',
  credentialsInUrl: 'Credentials in the URL are not allowed.',
  privateTarget: 'Webhook targets on loopback or private addresses are not allowed.',
  retypeToken: 'The target address changed: type the token again.',
} as const;
const invalidUrl = webhookTargetMessages.invalidUrl;

/** The masked hint of a stored token: bullets and at most its last 4 characters (a quarter). */
export function authenticationTokenHint(token: string | null): string | null {
  if (!token) return null;
  const shown = Math.min(4, Math.floor(token.length / 4));
  return `••••${shown > 0 ? token.slice(-shown) : ''}`;
}

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
  /**
   * The token is write-only: never returned, only this masked hint (`••••et`: at most its last
   * 4 characters and at most a quarter of it), or null when no token is stored.
   */
  authentication_token_hint: z.string().nullable(),
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

const apiConfigurationFields = {
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
};

/** Query auth needs a parameter name, header auth a scheme: the listed fields must be given. */
function requireWhenAuthenticated(
  fields: readonly ('authentication_key' | 'authentication_token')[],
) {
  return (
    body: { authentication_type: AuthenticationType } & Partial<
      Record<(typeof fields)[number], string | null | undefined>
    >,
    context: z.RefinementCtx,
  ) => {
    if (body.authentication_type === 'none') return;
    for (const field of fields) {
      if (!body[field]) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: validationMessages.notBlank,
          params: { code: 'is_blank' },
        });
      }
    }
  };
}

/** Body of `POST /api-configurations` (account spec 5): key and token with authentication. */
export const apiConfigurationRequestSchema = z
  .object(apiConfigurationFields)
  .superRefine(requireWhenAuthenticated(['authentication_key', 'authentication_token']));
export type ApiConfigurationRequest = z.infer<typeof apiConfigurationRequestSchema>;

/**
 * Body of `PUT /api-configurations/{uuid}`. An empty or omitted `authentication_token` keeps the
 * stored one (the API never returns it), unless there is none or the target's origin changes;
 * `authentication_type: none` clears key and token.
 */
export const apiConfigurationUpdateSchema = z
  .object(apiConfigurationFields)
  .superRefine(requireWhenAuthenticated(['authentication_key']));
export type ApiConfigurationUpdate = z.infer<typeof apiConfigurationUpdateSchema>;

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

/**
 * Answer of the on-demand `POST /invoices/{uuid}/notify` calls: `deliveries` is how many
 * deliveries were queued, 0 when no enabled webhook listens to `event` (the console then says
 * that no webhook is configured for this event instead of 'sent').
 */
export const notifyResultSchema = z.object({
  deliveries: z.number().int(),
  event: z.enum(['customer-invoice', 'supplier-invoice', 'customer-notification']).optional(),
});
