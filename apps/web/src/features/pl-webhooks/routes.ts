/** The Polish webhooks (spec "/gov-pl/webhooks"): Poland's menu, after the legal entities. */
import type { Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/gov-pl/webhooks',
    page: () => import('./components/webhooks-page'),
    namespaces: ['plWebhooks', 'listKit'],
    // The list call starts with the session, before the page's code has arrived.
    prefetch: (context) => import('./prefetch').then((entry) => entry.prefetchWebhooks(context)),
    menu: [{ id: 'plWebhooks', context: 'pl', section: 'home', order: 20, icon: 'webhook' }],
  },
];
