import { z } from 'zod';
import { timestampField, validationMessages } from '../common/fields.ts';
import { authenticationTypes, webhookDeliverySchema } from '../it/api-configurations.ts';

/** Spec 9: the open-banking webhook events. */
export const obWebhookEvents = ['connect', 'reconnect', 'payment'] as const;
export type ObWebhookEvent = (typeof obWebhookEvents)[number];

/** The sandbox's connect failures (provider 7 `errorClass`). */
export const obConnectErrorClasses = [
  'Timeout',
  'InvalidCredentials',
  'AccessDenied',
  'ProviderError',
  'GenericError',
] as const;
export type ObConnectErrorClass = (typeof obConnectErrorClasses)[number];

/** Provider 7 `reconnect`: noticeLevel 0 / 1 / 2 means 20 / 10 / 0 days left. */
export const OB_RECONNECT_NOTICE_DAYS = [20, 10, 0] as const;

const headerSafe = z
  .string()
  .max(255, { error: validationMessages.tooLong255 })
  .regex(/^[^\p{Cc}]*$/u, { error: 'This value contains invalid characters.' });

/** `POST /webhooks` and `PUT /webhooks/{uuid}` (spec 5: event and targetUrl required; "" = null). */
export const obWebhookRequestSchema = z.object({
  event: z.enum(obWebhookEvents, { error: validationMessages.invalidChoice }),
  targetUrl: z
    .string({ error: validationMessages.notBlank })
    .trim()
    .min(1, { error: validationMessages.notBlank, abort: true })
    .max(2048, { error: 'This value is too long.', abort: true })
    .pipe(z.url({ protocol: /^https?$/, error: 'This value is not a valid URL.' })),
  authenticationType: z.enum(authenticationTypes).default('none'),
  authenticationKey: headerSafe.nullish(),
  authenticationToken: headerSafe.nullish(),
});
export type ObWebhookRequest = z.input<typeof obWebhookRequestSchema>;

export const obWebhookSchema = z.object({
  uuid: z.uuid(),
  event: z.enum(obWebhookEvents),
  targetUrl: z.string(),
  authenticationType: z.enum(authenticationTypes),
  authenticationKey: z.string().nullable(),
  /** Write-only token: its masked hint only. */
  authenticationTokenHint: z.string().nullable(),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type ObWebhook = z.infer<typeof obWebhookSchema>;
export const obWebhookParamsSchema = z.object({ uuid: z.uuid() });

/** Where an open-banking webhook is kept: with the others, under the event `ob:{event}`. */
export function obWebhookEventKey(event: ObWebhookEvent): string {
  return `ob:${event}`;
}

/** Every open-banking event key (`ob:connect`, `ob:reconnect`, `ob:payment`). */
export const obWebhookEventKeys = obWebhookEvents.map((event) => obWebhookEventKey(event));

/** One delivery of an open-banking webhook (its log), as the other delivery logs have it. */
export const obWebhookDeliverySchema = webhookDeliverySchema.extend({ event: z.string() });
