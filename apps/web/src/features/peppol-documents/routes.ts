/**
 * The Peppol document lists (account spec 2.1, 2.13): invoices and credit notes in both Peppol
 * menus, orders, order responses and despatch advices in Italy's, each incoming and outgoing, in
 * the menu sections of `app/shell/menu-sections.ts`. One page serves them all; it reads its
 * screen from the path.
 */
import type { NavIcon, Screen } from '../../lib/screens';
import { PEPPOL_CONTEXT } from '../../lib/peppol-domain';
import { documentScreens, type DocumentKind } from './model/document-screens';

/** The menu of each kind: section, the entries' ids and icons, and where the kind starts. */
const MENU: Record<DocumentKind, { section: string; id: string; icon: NavIcon; order: number }> = {
  invoice: { section: 'invoices', id: 'Invoices', icon: 'inbox', order: 10 },
  'credit-note': { section: 'creditNotes', id: 'CreditNotes', icon: 'creditNotes', order: 10 },
  order: { section: 'orders', id: 'Orders', icon: 'orders', order: 10 },
  'order-response': { section: 'orders', id: 'OrderResponses', icon: 'orderResponses', order: 30 },
  'despatch-advice': {
    section: 'despatchAdvices',
    id: 'DespatchAdvices',
    icon: 'despatch',
    order: 10,
  },
};

export const screens: readonly Screen[] = documentScreens().map((screen) => {
  const menu = MENU[screen.kind];
  const outgoing = screen.direction === 'outgoing';
  return {
    path: screen.path,
    page: () => import('./components/peppol-documents-page'),
    namespaces: ['peppolDocuments', 'listKit'],
    // The list call starts with the session, before the page's code has arrived.
    prefetch: (context) => import('./prefetch').then((entry) => entry.prefetchDocuments(context)),
    menu: [
      {
        id: `${screen.direction}${menu.id}`,
        context: PEPPOL_CONTEXT[screen.domain],
        section: menu.section,
        order: menu.order + (outgoing ? 10 : 0),
        icon: screen.kind === 'invoice' && outgoing ? 'send' : menu.icon,
      },
    ],
  };
});
