/**
 * Invoice import dialogs (account spec 2.10, 5), mounted by the customer and supplier invoice
 * lists. Either the dialogs (`<CustomerInvoiceImportDialog open onClose onImported />`) or the
 * ready toolbar buttons for `InvoiceListPage`'s `importAction`
 * (`<SupplierInvoiceImportButton onImported={(uuid) => …} />`).
 */
export { CustomerInvoiceImportDialog } from './components/customer-invoice-import-dialog';
export { SupplierInvoiceImportDialog } from './components/supplier-invoice-import-dialog';
export {
  CustomerInvoiceImportButton,
  SupplierInvoiceImportButton,
} from './components/import-invoice-button';
export type { InvoiceImportDialogProps } from './components/invoice-import-dialog-props';
