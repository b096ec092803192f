import type { Invoice } from '@fiscus/contracts';

/**
 * What the invoice lists read of each invoice: their columns (hidden ones included, so choosing
 * a column never waits for a new page) and the row link. The list asks the API for these only
 * (`properties[]`): the payload can weigh megabytes, and the details dialog reads the whole
 * invoice from `GET /invoices/{uuid}`.
 */
export const INVOICE_LIST_PROPERTIES = [
  'uuid',
  'invoiceNumber',
  'invoiceDate',
  'document_type',
  'senderFormatted',
  'senderVatNumberFormatted',
  'sender',
  'recipientFormatted',
  'recipientVatNumberFormatted',
  'recipient',
  'invoiceTotal',
  'marking',
  'archived',
  'created_at',
  'downloaded',
  'to_pa',
  'signed',
  'transmission_format',
  'sdi_file_id',
  'sdi_file_name',
  'paid',
  'paid_amount',
  'paid_at',
] as const satisfies readonly (keyof Invoice)[];

/** One row of an invoice list: the columns' properties only, so a column cannot read more. */
export type InvoiceListRow = Pick<Invoice, (typeof INVOICE_LIST_PROPERTIES)[number]>;
