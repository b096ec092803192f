import type { Invoice, InvoiceNotification } from '@fiscus/contracts';
import type { ItNotificationRow } from '../../../db/schema/index.ts';
import { isPropertySelected, parsePropertyFilter } from '../../../platform/property-filter.ts';
import type { AcceptedInvoice } from './invoice-intake.ts';
import type { InvoiceSummaryRow, ListedInvoiceRow } from './invoice-list-query.ts';
import { summarizeInvoice } from './invoice-summary.ts';

// How a stored invoice and its notifications are written: the row of an accepted file, the
// API's records (spec 3), the columns a property-filtered list reads.

/** Row values of a freshly accepted invoice (shared by invoices, drafts and imports). */
export function storedInvoiceValues(accepted: AcceptedInvoice) {
  const summary = summarizeInvoice(accepted.invoice, accepted.format);
  return {
    transmissionFormat: accepted.format,
    xml: accepted.xml,
    payload: accepted.invoice as unknown,
    signed: accepted.signed,
    toPa: summary.toPa,
    senderName: summary.senderName,
    senderFiscalId: summary.senderFiscalId,
    senderVat: summary.senderVat,
    recipientName: summary.recipientName,
    recipientFiscalId: summary.recipientFiscalId,
    recipientVat: summary.recipientVat,
    recipientCode: summary.recipientCode,
    invoiceDate: summary.invoiceDate,
    invoiceNumber: summary.invoiceNumber,
    invoiceTotal: summary.invoiceTotal,
    documentType: summary.documentType,
    stamp: summary.stamp,
  };
}

export function toNotificationItem(row: ItNotificationRow): InvoiceNotification {
  return {
    uuid: row.uuid,
    invoice_uuid: row.invoiceUuid,
    type: row.type as InvoiceNotification['type'],
    file_name: row.fileName,
    created_at: row.createdAt.toISOString(),
    message: row.message as Record<string, unknown>,
  };
}

/** A list member: the spec's record, without the payload when a property filter left it out. */
export type ListedInvoice = Omit<Invoice, 'payload'> & Partial<Pick<Invoice, 'payload'>>;

/**
 * The columns and notifications a list reads for the request's property filter (`properties[]`):
 * the payload and the notifications only when asked for (or when no filter applies).
 */
export function listReadsOf(query: unknown): {
  columns: 'listed' | 'summary';
  notifications: boolean;
} {
  const selection = parsePropertyFilter(query);
  return {
    columns: isPropertySelected(selection, 'payload') ? 'listed' : 'summary',
    notifications: isPropertySelected(selection, 'notifications'),
  };
}

/** The API representation of a stored invoice (spec 3 "Invoice (list record)"). */
export function toInvoiceItem(row: ListedInvoiceRow, notifications?: ItNotificationRow[]): Invoice;
export function toInvoiceItem(
  row: InvoiceSummaryRow,
  notifications?: ItNotificationRow[],
): ListedInvoice;
export function toInvoiceItem(
  row: InvoiceSummaryRow,
  notifications?: ItNotificationRow[],
): ListedInvoice {
  return {
    uuid: row.uuid,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    signed: row.signed,
    to_pa: row.toPa,
    downloaded: row.downloaded,
    downloaded_at: row.downloadedAt?.toISOString() ?? null,
    sdi_file_id: row.sdiFileId,
    sdi_file_name: row.sdiFileName,
    marking: row.marking as Invoice['marking'],
    transmission_format: row.transmissionFormat as Invoice['transmission_format'],
    ...('payload' in row ? { payload: JSON.stringify(row.payload) } : {}),
    fix_of_uuid: row.fixOfUuid,
    archived: row.archived,
    notice: row.notice,
    document_type: row.documentType,
    sender: { business_name: row.senderName, business_fiscal_code: row.senderFiscalId },
    recipient: { business_name: row.recipientName, business_fiscal_code: row.recipientFiscalId },
    senderFormatted: row.senderName,
    recipientFormatted: row.recipientName,
    senderVatNumberFormatted: row.senderVat,
    recipientVatNumberFormatted: row.recipientVat,
    invoiceDate: row.invoiceDate,
    invoiceNumber: row.invoiceNumber,
    invoiceTotal: row.invoiceTotal,
    stamp: row.stamp,
    paid: row.paid,
    paid_amount: row.paidAmount,
    paid_at: row.paidAt?.toISOString() ?? null,
    ...(notifications ? { notifications: notifications.map(toNotificationItem) } : {}),
  };
}
