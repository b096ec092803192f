/** The Peppol document lists (`/peppol/incoming-invoices`…, account spec 2.13): declared in `routes.ts`. */
export { documentsTableKey } from './model/document-screens';
