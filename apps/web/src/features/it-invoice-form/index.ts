/**
 * The Italian invoice form (guided, standard or simplified) and the source editor. Screens
 * (new invoice, drafts, fix, credit note) mount them and wire the callbacks to the API.
 */
export { InvoiceForm } from './components/invoice-form';
export type { InvoiceFormProps } from './components/invoice-form';
export { InvoiceSourceEditor } from './components/invoice-source-editor';
export type { InvoiceSourceEditorProps } from './components/invoice-source-editor';
export type {
  InvoiceFormMode,
  InvoiceFormVariant,
  InvoicePayload,
  InvoiceViolation,
  SubmitResult,
  SupplierProfile,
  ValidationResult,
} from './model/invoice-form-types';
export type { InvoiceSource, SourceFormat, SourceType } from './model/invoice-source';
export { creditNoteDocumentType } from './model/code-lists';
export { toInvoicePayload } from './model/invoice-payload';
export { supplierProfileQuery } from './api/supplier-profile-query';
export { useKeptInvoice } from './hooks/use-kept-invoice';
export type { InvoiceTab, KeptInvoice } from './hooks/use-kept-invoice';
