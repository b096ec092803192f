/**
 * The payments and transactions of an open-banking registry (spec "Open-banking area":
 * `/openbanking/payments`, `/openbanking/transactions`): one business registry at a time, chosen
 * by its fiscal id (`?fiscalId=`), then filtered.
 */
import type { Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/openbanking/transactions',
    page: () => import('./components/transactions-page'),
    namespaces: ['obBankActivity', 'listKit'],
    prefetch: (context) =>
      import('./prefetch').then((entry) => entry.prefetchTransactions(context)),
    menu: [{ id: 'transactions', context: 'ob', section: 'home', order: 30, icon: 'transactions' }],
  },
  {
    path: '/openbanking/payments',
    page: () => import('./components/payments-page'),
    namespaces: ['obBankActivity', 'listKit'],
    prefetch: (context) => import('./prefetch').then((entry) => entry.prefetchPayments(context)),
    menu: [{ id: 'payments', context: 'ob', section: 'home', order: 40, icon: 'payments' }],
  },
];
