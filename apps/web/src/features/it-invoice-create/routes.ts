/** The fix screen of a rejected invoice (`/customer-invoice/{invoiceUuid}/fix`). */
import type { Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/customer-invoice/:invoiceUuid/fix',
    page: () => import('./components/fix-invoice-page'),
    namespaces: ['invoiceCreate', 'invoiceForm', 'codeLists', 'listKit'],
  },
];
