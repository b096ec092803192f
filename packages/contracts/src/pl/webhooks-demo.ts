import { z } from 'zod';
import { timestampField } from '../common/fields.ts';
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
  webhookUrl: z.string().trim().min(1).max(2048).pipe(z.url({ protocol: /^https?$/ })),
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

/** One delivery attempt of a Polish webhook (the platform's delivery log). */
export const plWebhookDeliverySchema = z.object({
  uuid: z.uuid(),
  event: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: timestampField,
  deliveredAt: timestampField.nullable(),
});
export type PlWebhookDelivery = z.infer<typeof plWebhookDeliverySchema>;

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
