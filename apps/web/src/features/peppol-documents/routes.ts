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

/** Italy's NSO section: orders then order responses, incoming before outgoing. */
const NSO_ORDER: Record<string, number> = {
  'incoming.order': 10,
  'outgoing.order': 20,
  'incoming.order-response': 30,
  'outgoing.order-response': 40,
};

export const screens: readonly Screen[] = documentScreens().map((screen) => {
  const menu = MENU[screen.kind];
  const outgoing = screen.direction === 'outgoing';
  const entry = screen.nso
    ? {
        id: `${screen.direction}${menu.id}`,
        context: 'it' as const,
        section: 'nso',
        order: NSO_ORDER[`${screen.direction}.${screen.kind}`] ?? 50,
        icon: menu.icon,
        // NSO travels on Peppol: the lists are the Peppol API's, for users with Peppol access.
        requiresPlatform: 'peppol' as const,
      }
    : {
        id: `${screen.direction}${menu.id}`,
        context: PEPPOL_CONTEXT[screen.domain],
        section: menu.section,
        order: menu.order + (outgoing ? 10 : 0),
        icon: screen.kind === 'invoice' && outgoing ? 'send' : menu.icon,
      };
  return {
    path: screen.path,
    page: () => import('./components/peppol-documents-page'),
    namespaces: ['peppolDocuments', 'listKit'],
    // The list call starts with the session, before the page's code has arrived.
    prefetch: (context) => import('./prefetch').then((entry) => entry.prefetchDocuments(context)),
    menu: [entry],
  };
});
