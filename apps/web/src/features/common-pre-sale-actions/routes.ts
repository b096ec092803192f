/** The credit alerts screen (spec 2.12), reached from the user menu. */
import type { Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/settings/pre-sale-actions',
    page: () => import('./components/pre-sale-actions-page'),
  },
];
