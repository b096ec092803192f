/**
 * The invoices feature's own screens: the PDF and XML download links. The two invoice lists
 * compose other features' dialogs, so `app/pages/composed-screens.ts` declares them.
 */
import type { Screen } from '../../lib/screens';

const downloadPage = () => import('./components/invoice-download-page');

export const screens: readonly Screen[] = [
  { path: '/customer-invoice/:uuid/download-pdf', page: downloadPage, namespaces: ['invoices'] },
  { path: '/customer-invoice/:uuid/download-xml', page: downloadPage, namespaces: ['invoices'] },
];
