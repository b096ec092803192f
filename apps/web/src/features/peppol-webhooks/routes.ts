/**
 * The Peppol webhooks (spec "Peppol webhooks list"): one screen per Peppol menu, Italy's
 * (`/peppol/webhooks`, API `/api/peppol/it`) and Belgium's (`/peppol-be/webhooks`, API
 * `/api/peppol/be`); the page reads its domain from the path.
 */
import { PEPPOL_CONTEXT, PEPPOL_PATH_PREFIX, type PeppolDomain } from '../../lib/peppol-domain';
import type { Screen } from '../../lib/screens';

const screen = (domain: PeppolDomain): Screen => ({
  path: `${PEPPOL_PATH_PREFIX[domain]}/webhooks`,
  page: () => import('./components/peppol-webhooks-page'),
  namespaces: ['peppolWebhooks', 'listKit'],
  // The list call starts with the session, before the page's code has arrived.
  prefetch: (context) => import('./prefetch').then((entry) => entry.prefetchWebhooks(context)),
  menu: [
    {
      id: 'peppolWebhooks',
      context: PEPPOL_CONTEXT[domain],
      section: 'home',
      order: 20,
      icon: 'webhook',
    },
  ],
});

export const screens: readonly Screen[] = [screen('it'), screen('be')];
