import { z } from 'zod';
import { paginationQuerySchema } from '../platform/hydra.ts';
import { timestampField } from '../common/fields.ts';

export const preservationStatuses = ['to_be_stored', 'sent', 'sent_metadata', 'stored'] as const;
export type PreservationStatus = (typeof preservationStatuses)[number];

/**
 * Document types the Italian preservation service holds (`/preserved-documents/it/{type}`):
 * invoices as SDI carried them, and smart receipts (issue 33: "receipts, which are preserved too").
 */
export const preservedDocumentTypes = ['customer-invoice', 'supplier-invoice', 'receipt'] as const;
export type PreservedDocumentType = (typeof preservedDocumentTypes)[number];

/** A preserved document (account spec 3, italian-invoicing 3); weight is in bytes. */
export const preservedDocumentSchema = z.object({
  uuid: z.uuid(),
  document_type: z.enum(preservedDocumentTypes),
  document_uuid: z.uuid(),
  preserved_object_id: z.string().nullable(),
  status: z.enum(preservationStatuses),
  status_history: z.array(z.object({ status: z.enum(preservationStatuses), date: timestampField })),
  message: z.string().nullable(),
  error_message: z.string().nullable(),
  original_filename: z.string(),
  weight: z.number().int(),
  receipt_received_at: timestampField.nullable(),
  /** When the nightly verification last checked the stored file against its receipt's fingerprint. */
  verified_at: timestampField.nullable(),
  /** What that verification found wrong; null when the fingerprint matched. */
  verification_failure: z.string().nullable(),
  created_at: timestampField,
  updated_at: timestampField,
});
export type PreservedDocument = z.infer<typeof preservedDocumentSchema>;

export const preservedDocumentListQuerySchema = paginationQuerySchema;
export const preservedDocumentTypeParamsSchema = z.object({ documentType: z.string() });
export const preservedDocumentParamsSchema = z.object({
  documentType: z.string(),
  uuid: z.string(),
});
