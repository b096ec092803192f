/** The webhook configurations screen (spec 2.11): ROLE_CONFIG, otherwise back to /. */
import { requireRole, type Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/api-configurations',
    page: () => import('./components/api-configurations-page'),
    namespaces: ['apiConfigurations', 'listKit'],
    guard: requireRole('it', 'ROLE_CONFIG', '/'),
    menu: [
      {
        id: 'apiConfigurations',
        context: 'it',
        section: 'integration',
        order: 10,
        icon: 'webhook',
        allow: ['ROLE_CONFIG'],
      },
    ],
  },
];
