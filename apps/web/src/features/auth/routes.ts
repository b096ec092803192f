/** The sign-in screens, outside the console shell and reachable without a session. */
import type { Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/login',
    public: true,
    page: () => import('./components/login-page'),
    plain: true,
    namespaces: ['auth'],
  },
  {
    path: '/reset-password',
    public: true,
    page: () => import('./components/reset-password-page'),
    namespaces: ['auth'],
  },
];
