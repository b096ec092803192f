/** The credit alerts screen (spec 2.12), reached from the user menu. */
import type { Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/settings/pre-sale-actions',
    page: () => import('./components/pre-sale-actions-page'),
    namespaces: ['preSaleActions', 'listKit'],
    // Spec 2.3: a payment-provider (stripe) account has no pre-sales.
    userMenu: {
      id: 'preSaleActions',
      order: 20,
      icon: 'alerts',
      visible: (access) => !access.isStripeAccount,
    },
  },
];
