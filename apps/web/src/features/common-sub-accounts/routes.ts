/** The sub-accounts screen (spec 2.12): only a sub-account manager gets in. */
import { requireRole, type Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/settings/sub-accounts',
    page: () => import('./components/sub-accounts-page'),
    namespaces: ['subAccounts', 'listKit'],
    guard: requireRole('common', 'ROLE_SUB_ACCOUNT_MANAGER', '/'),
    userMenu: {
      id: 'subAccounts',
      order: 30,
      icon: 'group',
      visible: (access) => access.can('common', 'ROLE_SUB_ACCOUNT_MANAGER'),
    },
  },
];
