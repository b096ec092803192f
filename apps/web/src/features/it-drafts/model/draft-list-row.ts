import type { Invoice } from '@fiscus/contracts';

/**
 * What the drafts table reads of each draft: its columns (hidden ones included), the row
 * actions and the bulk report (uuid, number, date, marking). The list asks the API for these
 * only (`properties[]`); the edit form and the details dialog read the whole draft by uuid.
 */
export const DRAFT_LIST_PROPERTIES = [
  'uuid',
  'created_at',
  'senderFormatted',
  'recipientFormatted',
  'senderVatNumberFormatted',
  'recipientVatNumberFormatted',
  'invoiceDate',
  'invoiceNumber',
  'invoiceTotal',
  'document_type',
  'marking',
] as const satisfies readonly (keyof Invoice)[];

/** One row of the drafts table: those properties only, so a column cannot read more. */
export type DraftListRow = Pick<Invoice, (typeof DRAFT_LIST_PROPERTIES)[number]>;
