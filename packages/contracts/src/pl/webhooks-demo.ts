import { z } from 'zod';
import { timestampField } from '../common/fields.ts';
import { webhookDeliverySchema } from '../it/api-configurations.ts';
import { nipField } from './legal-entities.ts';

/*
 * Polish webhooks (spec: "/gov-pl/webhooks", entity "Polish webhook"; provider section 6 types)
 * and the Polish demo (spec "Polish demo page", calls "Polish demo"), under `/api/pl`.
 */

export const plWebhookTypes = [
  'legal-entity-on-boarding-activated',
  'legal-entity-on-boarding-deactivated',
  'legal-entity-invoice-sync',
  'legal-entity-invoice-sender',
  'legal-entity-invoice-receiver',
  'legal-entity-invoice-upo',
  'legal-entity-session-manager',
] as const;
export type PlWebhookType = (typeof plWebhookTypes)[number];

export const plWebhookRequestSchema = z.object({
  /** The legal entity's uuid. */
  legalEntity: z.uuid(),
  webhookType: z.enum(plWebhookTypes),
  webhookUrl: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .pipe(z.url({ protocol: /^https?$/ })),
});
export type PlWebhookRequest = z.input<typeof plWebhookRequestSchema>;

export const plWebhookSchema = z.object({
  uuid: z.uuid(),
  legalEntityUuid: z.uuid(),
  legalEntityName: z.string(),
  webhookType: z.enum(plWebhookTypes),
  webhookUrl: z.string(),
  createdAt: timestampField,
});
export type PlWebhook = z.infer<typeof plWebhookSchema>;
export const plWebhookParamsSchema = z.object({ uuid: z.uuid() });

/** One delivery of a Polish webhook (its log), as the Italian delivery log has it. */
export const plWebhookDeliverySchema = webhookDeliverySchema.extend({ event: z.string() });
export type PlWebhookDelivery = z.infer<typeof plWebhookDeliverySchema>;

/**
 * Where a Polish webhook is kept: with the Italian and Peppol ones (one signing key, one retry
 * policy, one delivery log), under the event `pl:{legalEntityUuid}:{webhookType}`, so an event of
 * one legal entity reaches only its own webhooks.
 */
export function plWebhookEventKey(legalEntityUuid: string, type: PlWebhookType): string {
  return `pl:${legalEntityUuid}:${type}`;
}
export const plWebhookEventKeySchema = z
  .string()
  .max(120)
  .refine((key) => {
    const [prefix, uuid, type, ...rest] = key.split(':');
    return (
      prefix === 'pl' &&
      rest.length === 0 &&
      z.uuid().safeParse(uuid).success &&
      (plWebhookTypes as readonly string[]).includes(type ?? '')
    );
  });

/** `POST /invoices/v2/generate`: invoices from nip1 to nip2 sent through the sandbox. */
export const plDemoGenerateSchema = z.object({
  nip1: nipField,
  nip2: nipField,
  invoiceCount: z.coerce.number().int().min(1).max(100),
});
export type PlDemoGenerate = z.input<typeof plDemoGenerateSchema>;

export const plDemoStatusQuerySchema = z.object({
  nip1: nipField,
  order_filter: z.enum(['ASC', 'DESC']).optional(),
});

/** `GET /invoices/demo-statuses` rows (spec "Demo invoice status"). */
export const plDemoStatusSchema = z.object({
  uuid: z.uuid(),
  invoiceCreatorNip: z.string(),
  invoiceRecipientNip: z.string().nullable(),
  invoiceNumber: z.string(),
  direction: z.string(),
  status: z.string(),
});
export type PlDemoStatus = z.infer<typeof plDemoStatusSchema>;

/** `GET /invoices/{uuid}/status`: the status and, once confirmed, the UPO in base64. */
export const plInvoiceStatusSchema = z.object({
  status: z.string(),
  upo: z.string().nullable(),
  ksefReferenceNumber: z.string().nullable(),
});

/** `POST /invoices/v1/attachments` (an FA(3) XML body): the single tab's send. */
export const plDemoSendResultSchema = z.object({
  invoiceNumber: z.string(),
  uuid: z.uuid(),
  attachments: z.array(z.object({ filename: z.string(), filesize: z.number() })),
});

export const plDemoArchiveSchema = z.object({ nip1: nipField });
export const plDemoArchiveResultSchema = z.object({ archived: z.number().int() });

/** `GET /infrastructure/info`. */
export const plInfrastructureInfoSchema = z.object({
  environment: z.string(),
  ksefEnvironment: z.string(),
  ksefApiUrl: z.string(),
  serverTime: timestampField,
  numberDelaySeconds: z.number(),
  upoDelaySeconds: z.number(),
  offlineCutoff: z.string(),
  logoUrl: z.string().nullable(),
});
export type PlInfrastructureInfo = z.infer<typeof plInfrastructureInfoSchema>;
