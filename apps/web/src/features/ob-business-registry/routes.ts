/**
 * The open-banking business registries and their bank accounts (spec "Open-banking area":
 * `/openbanking/business-registry`).
 */
import type { Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/openbanking/business-registry',
    page: () => import('./components/registry-page'),
    namespaces: ['obBusinessRegistry', 'listKit'],
    // The list call starts with the session, before the page's code has arrived.
    prefetch: (context) => import('./prefetch').then((entry) => entry.prefetchRegistries(context)),
    menu: [{ id: 'obBusinessRegistry', context: 'ob', section: 'home', order: 20, icon: 'bank' }],
  },
];
