/** The open-banking webhooks (spec "Open-banking area": `/openbanking/webhooks`). */
import type { Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/openbanking/webhooks',
    page: () => import('./components/webhooks-page'),
    namespaces: ['obWebhooks', 'listKit'],
    // The list call starts with the session, before the page's code has arrived.
    prefetch: (context) => import('./prefetch').then((entry) => entry.prefetchWebhooks(context)),
    menu: [{ id: 'obWebhooks', context: 'ob', section: 'home', order: 10, icon: 'webhook' }],
  },
];
