/** The jobs screen (italian-invoicing spec 2, 6): supplier-only accounts are sent home. */
import type { Screen } from '../../lib/screens';
import { readsJobs, SUPPLIER_ONLY } from './model/job-access';

export const screens: readonly Screen[] = [
  {
    path: '/jobs',
    page: () => import('./components/jobs-page'),
    namespaces: ['jobs', 'listKit'],
    guard: readsJobs,
    menu: [
      {
        id: 'jobs',
        context: 'it',
        section: 'integration',
        order: 30,
        icon: 'jobs',
        deny: [SUPPLIER_ONLY],
      },
    ],
  },
];
