/**
 * The Peppol legal entities (spec "Peppol legal entities"): one screen per Peppol menu, Italy's
 * (`/peppol/legal-entities`, API `/api/peppol/it`) and Belgium's (`/peppol-be/legal-entities`,
 * API `/api/peppol/be`); the page reads its domain from the path.
 */
import { PEPPOL_CONTEXT, PEPPOL_PATH_PREFIX, type PeppolDomain } from '../../lib/peppol-domain';
import type { Screen } from '../../lib/screens';

const screen = (domain: PeppolDomain): Screen => ({
  path: `${PEPPOL_PATH_PREFIX[domain]}/legal-entities`,
  page: () => import('./components/legal-entities-page'),
  namespaces: ['peppolLegalEntities', 'listKit'],
  // The list call starts with the session, before the page's code has arrived.
  prefetch: (context) => import('./prefetch').then((entry) => entry.prefetchLegalEntities(context)),
  menu: [
    {
      id: 'legalEntities',
      context: PEPPOL_CONTEXT[domain],
      section: 'home',
      order: 30,
      icon: 'legalEntities',
    },
  ],
});

export const screens: readonly Screen[] = [screen('it'), screen('be')];
