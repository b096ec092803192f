/**
 * Invoice import dialogs (account spec 2.10, 5), mounted by the customer and supplier invoice
 * lists as ready toolbar buttons for `InvoiceListPage`'s `importAction`
 * (`<SupplierInvoiceImportButton onImported={(uuid) => …} />`). The dialogs, their file readers
 * and validation load when opened (or ahead, `SupplierInvoiceImportButton.preload()`).
 */
export {
  CustomerInvoiceImportButton,
  SupplierInvoiceImportButton,
} from './components/import-invoice-button';
export type { InvoiceImportDialogProps } from './components/invoice-import-dialog-props';
