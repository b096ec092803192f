/** The Polish legal entities (spec "Legal entity list"): `/gov-pl/legal-entities`, Poland's menu. */
import type { Screen } from '../../lib/screens';

export const screens: readonly Screen[] = [
  {
    path: '/gov-pl/legal-entities',
    page: () => import('./components/legal-entities-page'),
    namespaces: ['plLegalEntities', 'listKit'],
    // The list call starts with the session, before the page's code has arrived.
    prefetch: (context) =>
      import('./prefetch').then((entry) => entry.prefetchLegalEntities(context)),
    menu: [
      { id: 'legalEntities', context: 'pl', section: 'home', order: 10, icon: 'legalEntities' },
    ],
  },
];
