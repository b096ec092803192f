import { z } from 'zod';
import { itemsPerPageQueryField, pageQueryField } from '../platform/hydra.ts';

/** Every marking an Italian invoice can have (spec italian-invoicing 4 "Invoice marking"). */
export const invoiceMarkings = [
  'waiting',
  'quarantena',
  'sent',
  'invoice-error',
  'rejected',
  'delivered',
  'delivered-pa',
  'not-delivered',
  'accepted-pa',
  'rejected-pa',
  'deadline-terms',
  'notification-error',
  'received',
  'draft',
  'draft-blocked',
] as const;
export type InvoiceMarking = (typeof invoiceMarkings)[number];

export const transmissionFormats = ['FPA12', 'FPR12', 'FSM10'] as const;
export const notificationTypes = ['RC', 'NS', 'MC', 'NE', 'DT', 'AT', 'EC'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** `true`/`false` request headers (X-SendAsync, X-Extended-Output, …). */
const flagHeader = z.enum(['true', 'false', '1', '0']).optional();

/** Headers of the invoice calls (italian-invoicing 7); documented in the OpenAPI. */
export const invoiceHeadersSchema = z.looseObject({
  'x-sendasync': flagHeader.describe('true: queue the SDI transmission and answer at once'),
  'x-fix-invoice-uuid': z
    .uuid()
    .optional()
    .describe('uuid of the rejected invoice this one fixes (needs ROLE_FIX_INVOICE)'),
  'x-extended-output': flagHeader.describe('true: list items carry their notifications'),
  'x-disableendpoints': flagHeader.describe('true: no webhook is sent for this operation'),
  'x-printtheme': z.enum(['standard', 'compact']).optional().describe('html/pdf layout'),
  'x-print-pdf': flagHeader.describe('zip of a page: PDF files instead of XML'),
  'x-zip-content': z
    .enum(['xml', 'pdf', 'metadata'])
    .optional()
    .describe('zip of a page: XML (default), PDF or metadata JSON files next to index.csv'),
  'x-draft-blocked': flagHeader.describe('draft creation: marking draft-blocked (cannot be sent)'),
});

export const invoiceUuidParamsSchema = z.object({ uuid: z.uuid() });

export const invoiceCreatedSchema = z.object({ uuid: z.uuid() });
export type InvoiceCreated = z.infer<typeof invoiceCreatedSchema>;

export const invoiceValidResponseSchema = z.object({ valid: z.literal(true) });

/**
 * A notification (spec 3 "Notification"): `message` is the SDI receipt as snake_case JSON
 * (identificativo_sdi, nome_file, lista_errori always an array of {Codice, Descrizione,
 * Suggerimento}, …).
 */
export const notificationSchema = z.object({
  uuid: z.uuid(),
  invoice_uuid: z.uuid(),
  type: z.enum(notificationTypes),
  file_name: z.string(),
  created_at: z.string(),
  message: z.record(z.string(), z.unknown()),
});
export type InvoiceNotification = z.infer<typeof notificationSchema>;

/** One invoice as lists and `GET /invoices/{uuid}` return it (spec 3 "Invoice"). */
export const invoiceSchema = z.object({
  uuid: z.uuid(),
  type: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
  signed: z.boolean(),
  to_pa: z.boolean(),
  downloaded: z.boolean(),
  downloaded_at: z.string().nullable(),
  sdi_file_id: z.string().nullable(),
  sdi_file_name: z.string().nullable(),
  marking: z.enum(invoiceMarkings),
  transmission_format: z.enum(transmissionFormats),
  /** The invoice as a JSON string (snake_case FatturaPA model). */
  payload: z.string(),
  fix_of_uuid: z.uuid().nullable(),
  archived: z.boolean(),
  notice: z.string().nullable(),
  document_type: z.string().nullable(),
  sender: z.object({
    business_name: z.string().nullable(),
    business_fiscal_code: z.string().nullable(),
  }),
  recipient: z.object({
    business_name: z.string().nullable(),
    business_fiscal_code: z.string().nullable(),
  }),
  senderFormatted: z.string().nullable(),
  recipientFormatted: z.string().nullable(),
  senderVatNumberFormatted: z.string().nullable(),
  recipientVatNumberFormatted: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  /** Decimal string (ImportoTotaleDocumento, or the computed total when absent). */
  invoiceTotal: z.string().nullable(),
  stamp: z.boolean(),
  /** Paid by bank transactions (open banking's reconciliation): in full, and how much so far. */
  paid: z.boolean().optional(),
  paid_amount: z.string().nullable().optional(),
  paid_at: z.string().nullable().optional(),
  /** With `X-Extended-Output: true` only. */
  notifications: z.array(notificationSchema).optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

const stampValue = z.enum(['1', '0', 'true', 'false', '']);
const dateBounds = ['after', 'before', 'strictly_after', 'strictly_before'] as const;

/**
 * `GET /invoices` query (spec 3 "List filters"), API Platform style. Party filters are
 * `sender.businessName`, `sender.fiscalId`, `recipient.businessName`, `recipient.fiscalId`
 * (fiscalId matches the codice fiscale or the VAT code, with or without country prefix).
 */
export const invoiceListQuerySchema = z.looseObject({
  type: z.enum(['0', '1']).optional(),
  uuid: z.uuid().optional(),
  'uuid[]': z.union([z.uuid(), z.array(z.uuid())]).optional(),
  page: pageQueryField,
  itemsPerPage: itemsPerPageQueryField,
  invoiceNumber: z.string().max(50).optional(),
  documentType: z.string().max(10).optional(),
  marking: z.union([z.enum(invoiceMarkings), z.array(z.enum(invoiceMarkings))]).optional(),
  'marking[]': z.union([z.enum(invoiceMarkings), z.array(z.enum(invoiceMarkings))]).optional(),
  'sender.businessName': z.string().max(200).optional(),
  'sender.fiscalId': z.string().max(30).optional(),
  'recipient.businessName': z.string().max(200).optional(),
  'recipient.fiscalId': z.string().max(30).optional(),
  downloaded: stampValue.optional(),
  toPa: stampValue.optional(),
  signed: stampValue.optional(),
  stamp: stampValue.optional(),
  /** Paid in full by bank transactions (open banking's reconciliation). */
  paid: stampValue.optional(),
  /** A rejected invoice set as solved (PUT /invoices/{uuid}/archive-rejected) is archived. */
  archived: stampValue.optional(),
  rejectedToFix: z.enum(['1', 'true']).optional(),
  'order[invoiceDate]': z.enum(['asc', 'desc', '']).optional(),
  'order[invoiceNumber]': z.enum(['asc', 'desc', '']).optional(),
  'order[createdAt]': z.enum(['asc', 'desc', '']).optional(),
  refresh: z.string().optional(),
  /** CSV exports: the cell separator (default: from Accept-Language, see the report route). */
  separator: z.enum([',', ';', 'comma', 'semicolon']).optional(),
  ...Object.fromEntries(
    dateBounds.flatMap((bound) => [
      [`createdAt[${bound}]`, z.string().max(40).optional()],
      [`invoiceDate[${bound}]`, z.string().max(40).optional()],
    ]),
  ),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const downloadedRequestSchema = z.object({
  uuids: z.array(z.uuid()).min(1).max(1000),
  downloaded: z.boolean(),
});

export const downloadedResponseSchema = z.object({ updated: z.number().int() });

export const fixInfoSchema = z.object({ uuid: z.uuid(), is_fixable: z.boolean() });

export const attachmentParamsSchema = z.object({
  uuid: z.uuid(),
  index: z.coerce.number().int().min(0).max(10_000),
});

/** `POST /simulate/customer-notification/{type}/{invoiceUuid}` (sandbox only). */
export const simulateNotificationParamsSchema = z.object({
  type: z.enum(['NS', 'MC', 'NE', 'DT', 'AT', 'RC', 'transport-failure']),
  invoiceUuid: z.uuid(),
});
export const simulateNotificationBodySchema = z
  .object({
    /** NS: the SDI error code (default 00404-like content check 00400 is not assumed: 00200). */
    error_code: z
      .string()
      .regex(/^\d{5}$/, 'An SDI error code has 5 digits')
      .optional(),
    /** NE: EC01 accepted, EC02 refused (default EC01). */
    esito: z.enum(['EC01', 'EC02']).optional(),
    descrizione: z.string().max(255).optional(),
  })
  .default({});

/** `POST /simulate/supplier-invoice`: an invoice from an outside supplier arrives. */
export const simulateSupplierInvoiceBodySchema = z.object({
  /** The invoice XML (plain or base64); default: a generated FPR12 addressed to the caller. */
  invoice: z.string().max(7_000_000).optional(),
});
