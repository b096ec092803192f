import { z } from 'zod';
import { timestampField } from '../common/fields.ts';
import {
  booleanQueryValueSchema,
  DEFAULT_ITEMS_PER_PAGE,
  MAX_ITEMS_PER_PAGE,
  pageQueryField,
} from '../platform/hydra.ts';
import { problemSchema, violationSchema } from '../platform/problem.ts';

/*
 * Invoice transfers (italian-invoicing spec 2 "Invoice transfers screen", 3 "Invoice transfer",
 * 7 "transfer service"): files uploaded into a per-account folder tree of the transfer service
 * (`/api/transfer`), each read, checked and, when valid, sent to SDI as a customer invoice; the
 * gov-it service lists the result of each file (`/api/it/invoice-transfers`).
 */

/** Largest single invoice file (.xml or .p7m): SDI's own limit of one file. */
export const TRANSFER_MAX_INVOICE_BYTES = 5 * 1024 * 1024;
/** Largest zip of invoices. */
export const TRANSFER_MAX_ZIP_BYTES = 50 * 1024 * 1024;
/** Longest upload path (folders and file name, without leading or trailing slashes). */
export const TRANSFER_MAX_PATH_LENGTH = 500;
/** Longest folder or file name in a path. */
export const TRANSFER_MAX_SEGMENT_LENGTH = 100;
/** Deepest folder tree: folders plus the file name. */
export const TRANSFER_MAX_PATH_DEPTH = 10;
/** The transfers CSV export reads up to this many rows a page (spec 9). */
export const TRANSFER_CSV_MAX_ITEMS_PER_PAGE = 1000;

/** The directory a listing or an upload at the tree's root names. */
export const TRANSFER_ROOT_DIR = '/';

/** Base64 of a file as large as the largest zip, with some room for line breaks. */
const MAX_BASE64_LENGTH = Math.ceil(TRANSFER_MAX_ZIP_BYTES / 3) * 4 + 1_000_000;

/** `POST /api/transfer/it/upload` (spec 3 "Import payload"). */
export const transferUploadSchema = z.object({
  content: z
    .string({ error: 'Required' })
    .min(1, { error: 'Required', abort: true })
    .max(MAX_BASE64_LENGTH, { error: 'The file is too large.', abort: true })
    .regex(/^[A-Za-z0-9+/=\s]*$/, 'Expected base64 content'),
  project: z.literal('it', { error: 'The project must be it.' }),
  path: z
    .string({ error: 'Required' })
    .min(1, { error: 'Required', abort: true })
    .max(TRANSFER_MAX_PATH_LENGTH, {
      error: `This value is too long. It should have ${TRANSFER_MAX_PATH_LENGTH} characters or less.`,
    }),
});
export type TransferUpload = z.infer<typeof transferUploadSchema>;

/** What an accepted upload answers: the file is queued, its transfers follow. */
export const transferUploadedSchema = z.object({
  /** The upload's id: its transfers carry it (`upload_uuid`), its progress is read by it. */
  uuid: z.uuid(),
  path: z.string(),
  reference: z.string(),
  original_file_name: z.string(),
  kind: z.enum(['invoice', 'zip']),
  size: z.number().int(),
  /** The transfers the upload will make: 1 for an invoice, the zip's files for a zip. */
  total: z.number().int(),
  created_at: timestampField,
});
export type TransferUploaded = z.infer<typeof transferUploadedSchema>;

/** `GET /api/transfer/it/uploads/{uuid}`. */
export const transferUploadParamsSchema = z.object({ uuid: z.uuid() });

/**
 * How far the transfer service has read an upload: `processed` of `total` files read (with
 * violations, or sent), `status` 'processed' once its job has finished (then every transfer
 * it will make exists).
 */
export const transferUploadProgressSchema = z.object({
  uuid: z.uuid(),
  reference: z.string(),
  original_file_name: z.string(),
  kind: z.enum(['invoice', 'zip']),
  status: z.enum(['queued', 'processed']),
  /** The files the upload holds (null for an upload recorded before totals were kept). */
  total: z.number().int().nullable(),
  /** Transfers made so far (a queued single file's transfer included). */
  transfers: z.number().int(),
  /** Files read to the end: kept with violations or sent. */
  processed: z.number().int(),
  sent: z.number().int(),
  with_violations: z.number().int(),
  /**
   * What SDI answered the invoices this upload sent, as it stands now: still waiting for its
   * answer (waiting, sent, quarantena), refused (rejected with an NS, or invoice-error: never
   * transmitted), issued (every other marking: delivered, not delivered but issued, the PA's
   * outcomes).
   */
  sdi: z.object({
    waiting: z.number().int(),
    refused: z.number().int(),
    issued: z.number().int(),
    /** The refused invoices (the first 20): their file, marking and the latest NS's errors. */
    refusals: z.array(
      z.object({
        transfer_uuid: z.uuid(),
        original_file_name: z.string(),
        invoice_uuid: z.uuid(),
        marking: z.string(),
        /** SDI's error codes and descriptions (ListaErrori of the NS); empty without an NS. */
        errors: z.array(z.object({ code: z.string(), description: z.string() })),
      }),
    ),
  }),
  created_at: timestampField,
  processed_at: timestampField.nullable(),
});
export type TransferUploadProgress = z.infer<typeof transferUploadProgressSchema>;

/**
 * What became of a transfer's file (its `notice_code`); `notice` holds the English text below.
 * The console translates the code, so the two cannot drift.
 */
export const TRANSFER_NOTICES = {
  queued: 'Queued: the file is being read.',
  sent: 'Sent to SDI as a customer invoice.',
  violations: 'Not sent: the invoice has violations.',
  notInvoice: 'Not sent: the file is not an invoice.',
  forbidden: 'Not sent: the uploader may not send invoices.',
  refused: 'Not sent: refused by the invoice checks.',
} as const;
export type TransferNoticeCode = keyof typeof TRANSFER_NOTICES;
export const transferNoticeCodes = Object.keys(TRANSFER_NOTICES) as [
  TransferNoticeCode,
  ...TransferNoticeCode[],
];

/**
 * The notices in the console's languages, for what the server writes itself (the transfers CSV
 * in the language of the client that asks); the console's screens read their locale files.
 */
export const TRANSFER_NOTICE_TEXTS: Record<
  'it' | 'en' | 'pl',
  Record<TransferNoticeCode, string>
> = {
  en: TRANSFER_NOTICES,
  it: {
    queued: 'In coda: il file è in lettura.',
    sent: 'Inviata allo SDI come fattura attiva.',
    violations: 'Non inviata: la fattura ha violazioni.',
    notInvoice: 'Non inviata: il file non è una fattura.',
    forbidden: 'Non inviata: chi ha caricato il file non può inviare fatture.',
    refused: 'Non inviata: rifiutata dai controlli della fattura.',
  },
  pl: {
    queued: 'W kolejce: plik jest odczytywany.',
    sent: 'Wysłano do SDI jako fakturę sprzedaży.',
    violations: 'Nie wysłano: faktura ma naruszenia.',
    notInvoice: 'Nie wysłano: plik nie jest fakturą.',
    forbidden: 'Nie wysłano: przesyłający nie może wysyłać faktur.',
    refused: 'Nie wysłano: odrzucona przez kontrole faktury.',
  },
};

/** The code of a notice text, or null for a text that is no known notice. */
export function transferNoticeCodeOf(notice: string | null): TransferNoticeCode | null {
  if (notice === null) return null;
  return transferNoticeCodes.find((code) => TRANSFER_NOTICES[code] === notice) ?? null;
}

/**
 * A refused upload or listing (spec 7: "on an error response the upload returns an errors map"):
 * the problem document with its violations, and the same messages by field.
 */
export const transferProblemSchema = problemSchema.extend({
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TransferProblem = z.infer<typeof transferProblemSchema>;

/** `GET /api/transfer/it/dirs?prefix=`: the root's folders, or a folder's children. */
export const transferDirsQuerySchema = z.object({
  prefix: z.string().max(TRANSFER_MAX_PATH_LENGTH).optional(),
});

/** Directory listing (spec 3): the listed directory and its child folders as full paths. */
export const transferDirsSchema = z.object({
  root_dir: z.string(),
  dirs: z.array(z.string()),
});
export type TransferDirs = z.infer<typeof transferDirsSchema>;

/** One violation of a transfer's file (the `violations` text holds a list of them). */
export const transferViolationSchema = violationSchema
  .pick({ propertyPath: true, message: true, messageKey: true, parameters: true, messages: true })
  .extend({
    /** The check's stable code (SDI's for its checks); absent in transfers read before codes. */
    code: z.string().optional(),
  });
export type TransferViolation = z.infer<typeof transferViolationSchema>;

/** An invoice transfer (spec 3). Amounts are decimal strings; dates ISO 8601 (UTC). */
export const invoiceTransferSchema = z.object({
  uuid: z.uuid(),
  supplier_name: z.string().nullable(),
  supplier_fiscal_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_fiscal_id: z.string().nullable(),
  invoice_number: z.string().nullable(),
  /** The document's date (YYYY-MM-DD), as written in the invoice. */
  invoice_date: z.string().nullable(),
  /** TipoDocumento (TD01…). */
  invoice_type: z.string().nullable(),
  invoice_net_amount: z.string().nullable(),
  invoice_vat_amount: z.string().nullable(),
  invoice_tot_amount: z.string().nullable(),
  original_file_name: z.string(),
  /** The folder the file was uploaded into ('/' for the root). */
  reference: z.string(),
  created_at: timestampField,
  /** JSON text of a list of {propertyPath, message}; null when the file had none. */
  violations: z.string().nullable(),
  sent_at: timestampField.nullable(),
  sdi_id: z.string().nullable(),
  sdi_file_name: z.string().nullable(),
  invoice_uuid: z.uuid().nullable(),
  marking: z.string().nullable(),
  notice: z.string().nullable(),
  /** The notice as a code (TRANSFER_NOTICES); null without a notice or for an unknown one. */
  notice_code: z.enum(transferNoticeCodes).nullable(),
  /** The upload that made this transfer (GET /api/transfer/it/uploads/{uuid}). */
  upload_uuid: z.uuid(),
  /** A later upload of the same file into the same folder was sent. */
  fixed: z.boolean(),
});
export type InvoiceTransfer = z.infer<typeof invoiceTransferSchema>;

/**
 * `GET /invoice-transfers` (spec 7): created_at[after|before|strictly_after|strictly_before],
 * original_file_name (contains), exists[violations], fixed, upload_uuid, page, itemsPerPage (up
 * to 1,000 with `Accept: text/csv`).
 */
export const invoiceTransferListQuerySchema = z.looseObject({
  page: pageQueryField,
  itemsPerPage: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .meta({
      maximum: MAX_ITEMS_PER_PAGE,
      default: DEFAULT_ITEMS_PER_PAGE,
      description: `Items per page, ${DEFAULT_ITEMS_PER_PAGE} by default; at most ${MAX_ITEMS_PER_PAGE} as JSON, ${TRANSFER_CSV_MAX_ITEMS_PER_PAGE} with Accept: text/csv (larger values are read as the maximum).`,
    }),
  original_file_name: z.string().max(255).optional(),
  'exists[violations]': booleanQueryValueSchema.optional(),
  fixed: booleanQueryValueSchema.optional(),
  upload_uuid: z.uuid().optional(),
  'created_at[after]': z.string().max(40).optional(),
  'created_at[before]': z.string().max(40).optional(),
  'created_at[strictly_after]': z.string().max(40).optional(),
  'created_at[strictly_before]': z.string().max(40).optional(),
  separator: z.enum([',', ';', 'comma', 'semicolon']).optional(),
});

export const invoiceTransferParamsSchema = z.object({ uuid: z.uuid() });
