/**
 * The Polish webhook form (spec "/gov-pl/webhooks"; contract `plWebhookRequestSchema`): the legal
 * entity (picked by search), one of the seven types, and an http(s) URL. The API adds its own
 * rules (the entity is the account's, one webhook per entity and type, no private address) and
 * answers 422 on their fields.
 */
import {
  plWebhookTypes,
  webhookTargetMessages,
  type PlWebhook,
  type PlWebhookRequest,
} from '@fiscus/contracts';
import { validationMessages } from '@fiscus/contracts/validation-messages';
import { z } from 'zod';

/** The messages of this form, client and server, by the key that words them (`validation.<key>`). */
export const webhookMessages = {
  notBlank: validationMessages.notBlank,
  tooLong: 'This value is too long.',
  ...webhookTargetMessages,
  entityUnknown: 'No legal entity of this account has this id.',
  typeTaken: 'This legal entity already has a webhook of this type.',
} as const;

export const URL_MAX_LENGTH = 2048;

const HTTP_URL = z.url({ protocol: /^https?$/ });

export const webhookFormSchema = z.object({
  legalEntity: z.string().min(1, { error: webhookMessages.notBlank }),
  webhookType: z.union([z.enum(plWebhookTypes), z.literal('')]).refine((type) => type !== '', {
    error: webhookMessages.notBlank,
  }),
  webhookUrl: z
    .string()
    .trim()
    .min(1, { error: webhookMessages.notBlank })
    .max(URL_MAX_LENGTH, { error: webhookMessages.tooLong })
    .refine((value) => value === '' || HTTP_URL.safeParse(value).success, {
      error: webhookMessages.invalidUrl,
    }),
});

export type WebhookFormInput = z.input<typeof webhookFormSchema>;
export type WebhookFormValues = z.output<typeof webhookFormSchema>;

/** The fields a violation may name (the legal entity's is the picker). */
export const WEBHOOK_FIELDS = ['legalEntity', 'webhookType', 'webhookUrl'] as const;

export function newWebhookValues(): WebhookFormInput {
  return { legalEntity: '', webhookType: '', webhookUrl: '' };
}

export function existingWebhookValues(webhook: PlWebhook): WebhookFormInput {
  return {
    legalEntity: webhook.legalEntityUuid,
    webhookType: webhook.webhookType,
    webhookUrl: webhook.webhookUrl,
  };
}

export function toWebhookRequest(values: WebhookFormValues): PlWebhookRequest {
  return {
    legalEntity: values.legalEntity,
    webhookType: values.webhookType,
    webhookUrl: values.webhookUrl,
  };
}
