/** The invoice transfers screen (spec 2, 6): supplier-only accounts are sent to /. */
import type { Screen } from '../../lib/screens';
import { readsTransfers, SUPPLIER_ONLY } from './model/transfer-access';

export const screens: readonly Screen[] = [
  {
    path: '/invoice-transfers',
    page: () => import('./components/invoice-transfers-page'),
    namespaces: ['invoiceTransfers', 'invoices', 'listKit'],
    guard: readsTransfers,
    menu: [
      {
        id: 'invoiceTransfers',
        context: 'it',
        section: 'invoices',
        order: 30,
        icon: 'transfer',
        deny: [SUPPLIER_ONLY],
      },
    ],
  },
];
