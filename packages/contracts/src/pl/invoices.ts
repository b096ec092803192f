import { z } from 'zod';
import { timestampField } from '../common/fields.ts';
import { paginationQuerySchema } from '../platform/hydra.ts';

/*
 * Polish invoices (spec: "Invoice lists", "Invoice page", "Public invoice access", entities,
 * states, calls "Polish invoices"; provider section 6), under `/api/pl`.
 */

export const plInvoiceTypes = ['VAT', 'KOR', 'ZAL', 'ROZ', 'UPR', 'KOR_ZAL', 'KOR_ROZ'] as const;
export type PlInvoiceType = (typeof plInvoiceTypes)[number];

/**
 * Spec 4. Outgoing: valid (checked, waiting to go) → sent (in a KSeF session) → delivered (KSeF
 * number given) → confirmed (UPO received); rejected (KSeF refused it, with its code); error
 * (could not be sent). Incoming: received.
 */
export const plInvoiceStatuses = [
  'valid',
  'sent',
  'delivered',
  'confirmed',
  'received',
  'rejected',
  'error',
  'unknown',
] as const;
export type PlInvoiceStatus = (typeof plInvoiceStatuses)[number];

export const plDirections = ['outgoing', 'incoming'] as const;
export type PlDirection = (typeof plDirections)[number];

export const plInvoiceModes = ['online', 'offline'] as const;

export const plAttachmentSchema = z.object({
  uuid: z.uuid(),
  filename: z.string(),
  size: z.number().int(),
});

export const plInvoiceSchema = z.object({
  uuid: z.uuid(),
  legalEntityUuid: z.uuid(),
  invoiceNumber: z.string(),
  invoiceDate: z.string().nullable(),
  invoiceType: z.string(),
  invoiceVersion: z.string(),
  direction: z.enum(plDirections),
  senderName: z.string().nullable(),
  invoiceCreatorNip: z.string(),
  recipientName: z.string().nullable(),
  invoiceRecipientNip: z.string().nullable(),
  /** P_15 as decimal text, and its currency. */
  grossAmount: z.string().nullable(),
  currencyCode: z.string().nullable(),
  status: z.enum(plInvoiceStatuses),
  mode: z.enum(plInvoiceModes),
  /** An offline invoice must reach KSeF by this day (Europe/Warsaw). */
  offlineDeadline: z.string().nullable(),
  ksefReferenceNumber: z.string().nullable(),
  /** When KSeF acquired it (the KSeF number's moment). */
  acquisition: timestampField.nullable(),
  hasUpo: z.boolean(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** The public page where the buyer opens it with an access code. */
  publicUrl: z.string(),
  attachments: z.array(plAttachmentSchema),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type PlInvoice = z.infer<typeof plInvoiceSchema>;

/** The item adds the QR links the law puts on a printed invoice (KOD I; KOD II when offline). */
export const plInvoiceDetailsSchema = plInvoiceSchema.extend({
  invoiceHash: z.string(),
  verificationLink: z.string().nullable(),
  certificateLink: z.string().nullable(),
});
export type PlInvoiceDetails = z.infer<typeof plInvoiceDetailsSchema>;

const isoDate = z.iso.date();
const moment = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

/** `GET /invoices?direction=` (spec 7 filters; hydra-style answer). */
export const plInvoiceListQuerySchema = paginationQuerySchema.extend({
  direction: z.enum(plDirections),
  invoiceStatus: z.enum(plInvoiceStatuses).optional(),
  'createdAt[after]': moment.optional(),
  'createdAt[before]': moment.optional(),
  'invoiceDate[after]': isoDate.optional(),
  'invoiceDate[before]': isoDate.optional(),
  invoiceType: z.enum(plInvoiceTypes).optional(),
  invoiceRecipientNip: z.string().max(20).optional(),
  invoiceCreatorNip: z.string().max(20).optional(),
  legalEntityUuid: z.uuid().optional(),
  invoiceNumber: z.string().max(256).optional(),
});
export type PlInvoiceListQuery = z.infer<typeof plInvoiceListQuerySchema>;

export const plInvoiceParamsSchema = z.object({ uuid: z.uuid() });
export const plInvoiceCodeParamsSchema = z.object({
  uuid: z.uuid(),
  code: z.string().min(1).max(128),
});
export const plAttachmentParamsSchema = z.object({
  invoiceUuid: z.uuid(),
  attachmentUuid: z.uuid(),
});
export const plAttachmentCodeParamsSchema = plAttachmentParamsSchema.extend({
  code: z.string().min(1).max(128),
});

/** `POST /invoices` answers at once; the KSeF number comes on the item later. */
export const plInvoiceCreatedSchema = z.object({
  uuid: z.uuid(),
  legalEntityUuid: z.uuid(),
  status: z.enum(plInvoiceStatuses),
  invoiceNumber: z.string(),
  ksefReferenceNumber: z.string().nullable(),
});

/** `POST /invoices/{uuid}/send-access-code` (no auth): where the code went (masked). */
export const plSendAccessCodeSchema = z.object({ email: z.string() });

/** `POST /invoices/{uuid}/activate-access-code` (no auth). */
export const plActivateAccessCodeRequestSchema = z.object({
  accessCode: z.string().trim().min(1).max(32),
});
export const plActivateAccessCodeSchema = z.object({ access_code: z.string() });

/** Public access: a code lives 15 minutes, five tries; an opened invoice stays open a day. */
export const PL_ACCESS_CODE = { minutes: 15, tries: 5, accessHours: 24 } as const;

export const PL_INVOICE_MESSAGES = {
  legal_entity_unknown: 'No legal entity of this account has the seller’s NIP.',
  legal_entity_inactive: 'The seller’s legal entity is not onboarded to KSeF (or is blocked).',
  not_fa: 'This is not an FA(3) or FA(2) invoice.',
  duplicate: 'This legal entity already sent an invoice with this number.',
  invalid_access_code: 'This access code is not valid.',
  access_code_expired: 'This access code has expired: request a new one.',
  too_many_tries: 'Too many wrong codes: request a new one.',
  no_recipient_email: 'The invoice names no e-mail address of its buyer.',
} as const;
