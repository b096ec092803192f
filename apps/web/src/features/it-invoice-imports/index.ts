/**
 * Invoice import dialogs (account spec 2.10, 5), mounted by the customer and supplier invoice
 * lists: `<CustomerInvoiceImportDialog open onClose onImported={(uuid) => …} />`.
 */
export { CustomerInvoiceImportDialog } from './components/customer-invoice-import-dialog';
export { SupplierInvoiceImportDialog } from './components/supplier-invoice-import-dialog';
export type { InvoiceImportDialogProps } from './components/invoice-import-dialog-props';
