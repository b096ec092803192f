/** The profile screen (spec 2.12), reached from the user menu. */
import type { Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/profile',
    page: () => import('./components/profile-page'),
    namespaces: ['profile'],
    userMenu: { id: 'profile', order: 10, icon: 'person' },
  },
];
