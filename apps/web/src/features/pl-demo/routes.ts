/**
 * The Polish demo (spec 2 "Polish area", 6): `/pl/invoices/demo`, for administrators of the
 * Polish context only (anyone else goes to /). No menu entry: account spec 2.4's Polish menu
 * lists legal entities, webhooks and the two invoice lists.
 */
import { requireRole, type Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/pl/invoices/demo',
    page: () => import('./components/demo-page'),
    // listKit: the reset's confirmation speaks it.
    namespaces: ['plDemo', 'listKit'],
    guard: requireRole('pl', 'ROLE_ADMIN', '/'),
  },
];
