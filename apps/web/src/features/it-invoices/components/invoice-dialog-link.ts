/**
 * How the invoice details dialog lives in the URL (its id, its tab, the link that opens it): kept
 * apart from the dialog, so a list and a link carry these few lines and the dialog's code loads
 * only when it opens.
 */
import { DIALOG_DATA_PREFIX, dialogHref } from '../../../components/list-kit';

/** `?dialogId=invoice&dialog_uuid=…&dialog_tab=…` (list kit convention for dialog keys). */
export const INVOICE_DIALOG_ID = 'invoice';
export const INVOICE_TAB_PARAM = `${DIALOG_DATA_PREFIX}tab`;

export const invoiceTabs = [
  'info',
  'attachments',
  'preservation',
  'json',
  'xml',
  'preview',
  'actions',
] as const;
export type InvoiceTab = (typeof invoiceTabs)[number];

/** Spec 2: "The draft variant has only info, attachments, json and xml". */
export const draftTabs = [
  'info',
  'attachments',
  'json',
  'xml',
] as const satisfies readonly InvoiceTab[];

/** A sent or received invoice (`GET /invoices/{uuid}`) or a draft (`GET /invoices/draft/{uuid}`). */
export type InvoiceDialogVariant = 'invoice' | 'draft';

/** The link that opens an invoice's dialog over the customer list on a given tab. */
export function invoiceDialogHref(uuid: string, tab: InvoiceTab = 'info'): string {
  return dialogHref('/customer-invoice', INVOICE_DIALOG_ID, { uuid }, { [INVOICE_TAB_PARAM]: tab });
}
