/**
 * The Italian invoice lists (`/customer-invoice`, `/supplier-invoice`) and the invoice details
 * dialog, composed by `app/pages` with the create, import and credit-note dialogs of their own
 * features. Its own screens (the download links) are in `routes.ts`.
 */
export {
  InvoiceListPage,
  INVOICE_TABLE_KEYS,
  canCreateInvoices,
} from './components/invoice-list-page';
export type { InvoiceListPageProps } from './components/invoice-list-page';
export { InvoiceDetailsDialog } from './components/lazy-invoice-details-dialog';
export { INVOICE_DIALOG_ID, invoiceDialogHref } from './components/invoice-dialog-link';
export type { InvoiceDialogVariant, InvoiceTab } from './components/invoice-dialog-link';
export { invoiceQueries } from './api/invoice-queries';
export { paymentRequestOf } from './model/payment-request';
export type { InvoicePaymentRequest } from './model/payment-request';
