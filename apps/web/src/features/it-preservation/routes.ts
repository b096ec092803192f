/**
 * Preservation documents (account spec 2.12, 6): only with the preservation platform, else the
 * dashboard.
 */
import type { Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/preservation-documents',
    page: () => import('./components/preserved-documents-page'),
    namespaces: ['preservation', 'listKit'],
    guard: (access) => (access.hasContext('preservation') ? null : '/dashboard'),
    menu: [
      {
        id: 'preservation',
        context: 'it',
        section: 'archive',
        order: 10,
        icon: 'archive',
        requiresPlatform: 'preservation',
      },
    ],
  },
];
