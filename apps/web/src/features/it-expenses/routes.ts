/**
 * The expenses screen (account spec 2.9, 6): Sistema Tessera Sanitaria health expenses, in the
 * archive section after preservation. No role rule of its own; the navigation keeps it from
 * sub-accounts (`subAccountItemIds`).
 */
import type { Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/expenses',
    page: () => import('./components/expenses-page'),
    namespaces: ['expenses', 'listKit'],
    // The list call starts with the session, before the page's code has arrived.
    prefetch: (context) => import('./prefetch').then((entry) => entry.prefetchExpenses(context)),
    menu: [{ id: 'expenses', context: 'it', section: 'archive', order: 20, icon: 'expenses' }],
  },
];
