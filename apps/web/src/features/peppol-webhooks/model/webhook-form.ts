/**
 * The new Peppol webhook form (spec 5: "url of URL type; event must be chosen"): an event of the
 * two (outgoing-document, incoming-document) and an absolute URL. The API adds its own rules
 * (http or https, no credentials, no private address) and answers 422 on `url`.
 */
import {
  peppolWebhookEvents,
  webhookTargetMessages,
  type PeppolWebhookRequest,
} from '@fiscus/contracts';
import { validationMessages } from '@fiscus/contracts/validation-messages';
import { z } from 'zod';

/** The messages this form words itself, client and server, by key (`validation.<key>`). */
export const webhookMessages = {
  notBlank: validationMessages.notBlank,
  invalidChoice: validationMessages.invalidChoice,
  tooLong: 'This value is too long.',
  ...webhookTargetMessages,
} as const;

export const URL_MAX_LENGTH = 2048;

export const webhookFormSchema = z
  .object({
    event: z.union([z.enum(peppolWebhookEvents), z.literal('')]),
    url: z
      .string()
      .trim()
      .min(1, { error: webhookMessages.notBlank })
      .max(URL_MAX_LENGTH, { error: webhookMessages.tooLong })
      .refine((value) => value === '' || z.url().safeParse(value).success, {
        error: webhookMessages.invalidUrl,
      }),
  })
  .superRefine((values, context) => {
    if (values.event === '') {
      context.addIssue({ code: 'custom', path: ['event'], message: webhookMessages.notBlank });
    }
  });

export type WebhookFormInput = z.input<typeof webhookFormSchema>;
export type WebhookFormValues = z.output<typeof webhookFormSchema>;

export function newWebhookValues(): WebhookFormInput {
  return { event: '', url: '' };
}

export function toWebhookRequest(values: WebhookFormValues): PeppolWebhookRequest {
  if (values.event === '') throw new Error('The schema guarantees an event');
  return { event: values.event, url: values.url };
}
