/** The open-banking business registries (`/openbanking/business-registry`): see `routes.ts`. */
export { default as ObBusinessRegistryPage } from './components/registry-page';
export { registriesTableKey } from './model/registry-list';
export { InvoicePaymentDialog } from './components/invoice-payment-dialog';
export type { InvoiceToBePaid } from './model/invoice-payment-form';
