/**
 * Creating Italian invoices: the customer list's new-invoice dialog (guided or from source), the
 * credit-note dialog and the fix screen (`/customer-invoice/{invoiceUuid}/fix`, default export of
 * `components/fix-invoice-page`, loaded lazily by the router). The dialogs load when opened
 * (`lib/lazy-part`): a list screen's first load carries only their buttons.
 */
export { NewInvoiceButton } from './components/new-invoice-button';
export type { NewInvoiceDialogProps } from './components/new-invoice-dialog';
export { CreditNoteDialog } from './components/lazy-credit-note-dialog';
export type { CreditNoteDialogProps } from './components/credit-note-dialog';
export { canCreateCreditNote } from './model/invoice-record';
