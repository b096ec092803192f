import { z } from 'zod';
import { timestampField } from '../common/fields.ts';
import { webhookDeliverySchema } from '../it/api-configurations.ts';
import { booleanQueryValueSchema, paginationQuerySchema } from '../platform/hydra.ts';

/*
 * Peppol documents (account-and-platform spec 2.13, 3 "Peppol document", 7 "Peppol API"; provider
 * section 5): invoices, credit notes, orders, order responses and despatch advices of a legal
 * entity, outgoing or incoming, each with its message on the network. Names are the provider's
 * (camelCase). Collections: `/invoices`, `/credit-notes`, `/orders`, `/order-responses`,
 * `/despatch-advices` under `/api/peppol/it` or `/api/peppol/be` (Belgium: invoices and credit
 * notes only).
 */

export const peppolDocumentKinds = [
  'invoice',
  'credit-note',
  'order',
  'order-response',
  'despatch-advice',
] as const;
export type PeppolDocumentKind = (typeof peppolDocumentKinds)[number];

/** The collection of each kind, as the provider names it. */
export const PEPPOL_COLLECTION_OF_KIND: Record<PeppolDocumentKind, string> = {
  invoice: 'invoices',
  'credit-note': 'credit-notes',
  order: 'orders',
  'order-response': 'order-responses',
  'despatch-advice': 'despatch-advices',
};

export const peppolDirections = ['outgoing', 'incoming'] as const;
export type PeppolDirection = (typeof peppolDirections)[number];

export const peppolFormats = ['UBL 2.1 XML', 'UBL 2.1 JSON'] as const;

/** The message of a document on the network (spec 4: success null = not sent yet). */
export const peppolMessageSchema = z.object({
  uuid: z.uuid(),
  createdAt: timestampField,
  requestSentAt: timestampField.nullable(),
  responseReceivedAt: timestampField.nullable(),
  success: z.boolean().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type PeppolMessage = z.infer<typeof peppolMessageSchema>;

export const peppolPartySchema = z.object({
  name: z.string().nullable(),
  /** The participant identifier, `scheme:value` (`0088:7300010000001`). */
  identifier: z.string().nullable(),
});

/** A linked document as a list entry: an order's responses, a response's order. */
export const peppolDocumentLinkSchema = z.object({
  uuid: z.uuid(),
  number: z.string(),
  date: z.string().nullable(),
  documentType: z.string(),
  responseCode: z.string().nullable(),
});
export type PeppolDocumentLink = z.infer<typeof peppolDocumentLinkSchema>;

export const peppolDocumentSchema = z.object({
  uuid: z.uuid(),
  direction: z.enum(peppolDirections),
  format: z.enum(peppolFormats),
  number: z.string(),
  date: z.string().nullable(),
  createdAt: timestampField,
  downloaded: z.boolean(),
  sender: peppolPartySchema,
  recipient: peppolPartySchema,
  /** The Peppol document type identifier (busdox-docid-qns). */
  documentType: z.string(),
  /** The process (ProfileID). */
  processType: z.string().nullable(),
  processInformation: z.object({
    orderStatus: z.string().nullable(),
    responseCode: z.string().nullable(),
    documentType: z.string(),
    documentReference: z.string().nullable(),
  }),
  /** The legal entity that sent or received it (null once deleted). */
  legalEntityUuid: z.uuid().nullable(),
  /** An order response's or despatch advice's order, when it is known here. */
  order: peppolDocumentLinkSchema.nullable(),
  /** An order's responses, oldest first. */
  responses: z.array(peppolDocumentLinkSchema),
  peppolMessage: peppolMessageSchema,
});
export type PeppolDocument = z.infer<typeof peppolDocumentSchema>;

const dateBound = z
  .string()
  .max(40)
  .optional()
  .meta({ description: 'ISO 8601 date or date-time; one without a zone is read as UTC.' });
const sortDirection = z.enum(['asc', 'desc']).optional();

/** `GET {domain}/{collection}` (spec 7 "Peppol API"; provider section 5). */
export const peppolDocumentListQuerySchema = paginationQuerySchema.extend({
  direction: z.enum(peppolDirections).optional(),
  senderName: z.string().max(255).optional(),
  recipientName: z.string().max(255).optional(),
  senderId: z.string().max(60).optional(),
  recipientId: z.string().max(60).optional(),
  documentNumber: z.string().max(255).optional(),
  downloaded: booleanQueryValueSchema.optional(),
  /** `nso`: only the Italian NSO ordering documents (AGID's ordine and risposta_ordine). */
  transaction: z.enum(['nso']).optional(),
  'createdAt[after]': dateBound,
  'createdAt[before]': dateBound,
  'documentDate[after]': dateBound,
  'documentDate[before]': dateBound,
  'sortBy[createdAt]': sortDirection,
  'sortBy[documentDate]': sortDirection,
  'sortBy[senderName]': sortDirection,
  'sortBy[recipientName]': sortDirection,
});
export type PeppolDocumentListQuery = z.infer<typeof peppolDocumentListQuerySchema>;

export const peppolDocumentParamsSchema = z.object({ uuid: z.uuid() });

/** `POST {domain}/{collection}/downloaded`: marks documents as downloaded (or not). */
export const peppolDownloadedRequestSchema = z.object({
  uuids: z.array(z.uuid()).min(1).max(100),
  downloaded: z.boolean().default(true),
});

/** One finding of the engine, as `npx ubl validate --json` prints it. */
export const peppolFindingSchema = z.object({
  layer: z.string(),
  id: z.string(),
  flag: z.enum(['fatal', 'warning']),
  message: z.string(),
  location: z.string(),
  path: z.string(),
});

/** `POST {domain}/validate`: the engine's verdict on a UBL document, stored nowhere. */
export const peppolValidationSchema = z.object({
  valid: z.boolean(),
  documentType: z.string().optional(),
  customizationId: z.string().optional(),
  profileId: z.string().optional(),
  transaction: z.string().optional(),
  findings: z.array(peppolFindingSchema),
});
export type PeppolValidation = z.infer<typeof peppolValidationSchema>;

/** The API's refusals of a document to send (the console translates each by its code). */
export const PEPPOL_DOCUMENT_MESSAGES = {
  not_ubl: 'This is not a UBL 2.1 document the Peppol network carries.',
  kind_not_carried: 'This document type is not sent on this Peppol domain.',
  sender_unknown: 'The sender is not one of your legal entities on this domain.',
  recipient_missing: 'The document names no recipient participant (EndpointID).',
  wrong_collection: 'This document is sent through another collection.',
} as const;

/** The errors of the sandbox network's messages (as a Peppol access point reports them). */
export const PEPPOL_MESSAGE_ERRORS = {
  participantNotFound: 'PEPPOL:PARTICIPANT_NOT_FOUND',
  notServiced: 'PEPPOL:NOT_SERVICED',
} as const;

export const peppolWebhookEvents = ['outgoing-document', 'incoming-document'] as const;
export type PeppolWebhookEvent = (typeof peppolWebhookEvents)[number];

/** `POST {domain}/webhooks` (spec 5: url of URL type, event chosen). */
export const peppolWebhookRequestSchema = z.object({
  event: z.enum(peppolWebhookEvents),
  url: z.string().trim().min(1).max(2048),
});
export type PeppolWebhookRequest = z.infer<typeof peppolWebhookRequestSchema>;

export const peppolWebhookSchema = z.object({
  '@id': z.string(),
  uuid: z.uuid(),
  event: z.enum(peppolWebhookEvents),
  url: z.string(),
  createdAt: timestampField,
});
export type PeppolWebhook = z.infer<typeof peppolWebhookSchema>;

/**
 * How a Peppol webhook's event is stored and dispatched beside the Italian ones (one delivery
 * machinery, one signing key, one delivery log): `peppol-it:incoming-document`.
 */
export function peppolWebhookEventKey(domain: 'it' | 'be', event: PeppolWebhookEvent): string {
  return `peppol-${domain}:${event}`;
}
export const peppolWebhookEventKeys = (['it', 'be'] as const).flatMap((domain) =>
  peppolWebhookEvents.map((event) => peppolWebhookEventKey(domain, event)),
);

/** One delivery of a Peppol webhook (its log), as the Italian delivery log has it. */
export const peppolWebhookDeliverySchema = webhookDeliverySchema.extend({
  event: z.enum(peppolWebhookEvents),
});

/** `GET {domain}/statistics?year=`: the documents of each month of a year (the dashboard). */
export const peppolStatisticsQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const peppolStatisticsSchema = z.object({
  year: z.number().int(),
  /** Twelve entries, January first: documents sent, received, and sent ones that failed. */
  months: z.array(
    z.object({
      month: z.number().int(),
      outgoing: z.number().int(),
      incoming: z.number().int(),
      failed: z.number().int(),
    }),
  ),
});
export type PeppolStatistics = z.infer<typeof peppolStatisticsSchema>;
