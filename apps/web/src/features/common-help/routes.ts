/**
 * The help pages of a payment-provider (stripe) account (account spec 6: 'stripe FAQ and manual
 * links are for stripe accounts only'). The spec does not give the pages' addresses, so the
 * console carries them: `/help/stripe-faq` and `/help/stripe-manual`, reached from the Utility
 * section of the Italian menu and from the user menu, and closed to any other account.
 */
import type { ScreenGuard, Screen } from '../../lib/screens';

/** Only a stripe account may open the pages; anyone else goes to the dashboard. */
const stripeOnly: ScreenGuard = (access) => (access.isStripeAccount ? null : '/dashboard');

export const screens: readonly Screen[] = [
  {
    path: '/help/stripe-faq',
    page: () => import('./components/stripe-faq-page'),
    namespaces: ['help'],
    guard: stripeOnly,
    menu: [
      {
        id: 'stripeFaq',
        context: 'it',
        section: 'utility',
        order: 20,
        icon: 'docs',
        stripeOnly: true,
      },
    ],
    userMenu: {
      id: 'stripeFaq',
      order: 40,
      icon: 'help',
      visible: (access) => access.isStripeAccount,
    },
  },
  {
    path: '/help/stripe-manual',
    page: () => import('./components/stripe-manual-page'),
    namespaces: ['help'],
    guard: stripeOnly,
    menu: [
      {
        id: 'stripeManual',
        context: 'it',
        section: 'utility',
        order: 30,
        icon: 'docs',
        stripeOnly: true,
      },
    ],
    userMenu: {
      id: 'stripeManual',
      order: 50,
      icon: 'help',
      visible: (access) => access.isStripeAccount,
    },
  },
];
