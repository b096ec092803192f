/**
 * The open-banking webhook form (spec 5: event and targetUrl required; empty strings sent as
 * null): event, target URL, authentication type, and for query or header authentication its
 * key (the parameter or header name) and token. The token is write-only: an edit leaves it empty
 * to keep the stored one (the API shows only its hint).
 */
import {
  authenticationTypes,
  obWebhookEvents,
  webhookTargetMessages,
  type ObWebhook,
  type ObWebhookRequest,
} from '@fiscus/contracts';
import { validationMessages } from '@fiscus/contracts/validation-messages';
import { z } from 'zod';

/** The messages of this form, client and server, by the key that words them (`validation.<key>`). */
export const webhookMessages = {
  notBlank: validationMessages.notBlank,
  invalidChoice: validationMessages.invalidChoice,
  tooLong: 'This value is too long.',
  invalidCharacters: 'This value contains invalid characters.',
  ...webhookTargetMessages,
} as const;

export const URL_MAX_LENGTH = 2048;
const HTTP_URL = z.url({ protocol: /^https?$/ });
const headerSafe = z
  .string()
  .max(255, { error: validationMessages.tooLong255 })
  .regex(/^[^\p{Cc}]*$/u, { error: webhookMessages.invalidCharacters });

export const webhookFormSchema = z
  .object({
    event: z.union([z.enum(obWebhookEvents), z.literal('')]),
    targetUrl: z
      .string()
      .trim()
      .min(1, { error: webhookMessages.notBlank })
      .max(URL_MAX_LENGTH, { error: webhookMessages.tooLong })
      .refine((value) => value === '' || HTTP_URL.safeParse(value).success, {
        error: webhookMessages.invalidUrl,
      }),
    authenticationType: z.enum(authenticationTypes),
    authenticationKey: headerSafe,
    authenticationToken: headerSafe,
  })
  .superRefine((values, context) => {
    if (values.event === '') {
      context.addIssue({ code: 'custom', path: ['event'], message: webhookMessages.notBlank });
    }
    if (values.authenticationType !== 'none' && values.authenticationKey.trim() === '') {
      context.addIssue({
        code: 'custom',
        path: ['authenticationKey'],
        message: webhookMessages.notBlank,
      });
    }
  });

export type WebhookFormInput = z.input<typeof webhookFormSchema>;
export type WebhookFormValues = z.output<typeof webhookFormSchema>;

/** Fields a violation may name although they are hidden (the credentials with type none). */
export const WEBHOOK_FIELDS = [
  'event',
  'targetUrl',
  'authenticationType',
  'authenticationKey',
  'authenticationToken',
] as const;

export function newWebhookValues(): WebhookFormInput {
  return {
    event: '',
    targetUrl: '',
    authenticationType: 'none',
    authenticationKey: '',
    authenticationToken: '',
  };
}

export function existingWebhookValues(webhook: ObWebhook): WebhookFormInput {
  return {
    event: webhook.event,
    targetUrl: webhook.targetUrl,
    authenticationType: webhook.authenticationType,
    authenticationKey: webhook.authenticationKey ?? '',
    authenticationToken: '',
  };
}

/** An empty or blank text is sent as null (spec 5). */
function orNull(value: string): string | null {
  return value.trim() === '' ? null : value.trim();
}

/**
 * The request: without authentication the key and token are null; an edit that leaves the token
 * empty omits it, so the stored one is kept.
 */
export function toWebhookRequest(values: WebhookFormValues, editing: boolean): ObWebhookRequest {
  if (values.event === '') throw new Error('The schema guarantees an event');
  const none = values.authenticationType === 'none';
  const token = none ? null : orNull(values.authenticationToken);
  return {
    event: values.event,
    targetUrl: values.targetUrl,
    authenticationType: values.authenticationType,
    authenticationKey: none ? null : orNull(values.authenticationKey),
    ...(editing && !none && token === null ? {} : { authenticationToken: token }),
  };
}
