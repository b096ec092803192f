/** The smart receipt screens (italian-invoicing spec 2, 6): ROLE_RECEIPTS, else home. */
import { requireRole, type Screen } from '../../lib/screens';

const namespaces = ['smartReceipts', 'listKit'];
const guard = requireRole('it', 'ROLE_RECEIPTS', '/');
/** The list call starts with the session, before the page's code has arrived. */
const prefetch =
  (type: 'sale' | 'return' | 'void'): Screen['prefetch'] =>
  (context) =>
    import('./prefetch').then((entry) => entry.prefetchReceipts(context, type));
const page = (name: 'SaleReceiptsPage' | 'ReturnReceiptsPage' | 'VoidReceiptsPage') => () =>
  import('./components/receipts-page').then((module) => ({ default: module[name] }));

export const screens: readonly Screen[] = [
  {
    path: '/smart-receipts-sale',
    page: page('SaleReceiptsPage'),
    namespaces,
    prefetch: prefetch('sale'),
    guard,
    menu: [
      {
        id: 'smartReceiptsSale',
        context: 'it',
        section: 'smartReceipts',
        order: 10,
        icon: 'receipt',
      },
    ],
  },
  {
    path: '/smart-receipts-return',
    page: page('ReturnReceiptsPage'),
    namespaces,
    prefetch: prefetch('return'),
    guard,
    menu: [
      {
        id: 'smartReceiptsReturn',
        context: 'it',
        section: 'smartReceipts',
        order: 20,
        icon: 'receiptReturn',
      },
    ],
  },
  {
    path: '/smart-receipts-void',
    page: page('VoidReceiptsPage'),
    namespaces,
    prefetch: prefetch('void'),
    guard,
    menu: [
      {
        id: 'smartReceiptsVoid',
        context: 'it',
        section: 'smartReceipts',
        order: 30,
        icon: 'receiptVoid',
      },
    ],
  },
];
