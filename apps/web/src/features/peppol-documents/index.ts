/** The Peppol document lists (`/peppol/incoming-invoices`…, account spec 2.13): declared in `routes.ts`. */
export { documentsTableKey } from './model/document-screens';
/** The Peppol dashboard's panel, composed into `/dashboard` by `app/pages/dashboard-route.tsx`. */
export { PeppolStatisticsPanel } from './components/peppol-statistics';
