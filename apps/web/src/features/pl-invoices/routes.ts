/**
 * The Polish invoices (spec 2 "Polish area"; account spec 2.1, 2.4): the outgoing and incoming
 * lists in the Poland menu (one page, the direction read from the path), an invoice's own page
 * for the signed-in account, and the public page a buyer opens with an e-mailed access code.
 */
import type { Screen } from '../../lib/screens';
import { INVOICE_LIST_PATHS, INVOICE_PAGE_PATH, PUBLIC_INVOICE_PATH } from './model/invoice-paths';

const listPage = () => import('./components/invoices-page');
// The list call starts with the session, before the page's code has arrived.
const prefetch: Screen['prefetch'] = (context) =>
  import('./prefetch').then((entry) => entry.prefetchInvoices(context));
const listNamespaces = ['plInvoices', 'plInvoiceView', 'listKit'];
const invoicePages = () => import('./components/invoice-pages');

export const screens: readonly Screen[] = [
  {
    path: INVOICE_LIST_PATHS.outgoing,
    page: listPage,
    namespaces: listNamespaces,
    prefetch,
    menu: [{ id: 'outgoingInvoices', context: 'pl', section: 'home', order: 30, icon: 'send' }],
  },
  {
    path: INVOICE_LIST_PATHS.incoming,
    page: listPage,
    namespaces: listNamespaces,
    prefetch,
    menu: [{ id: 'incomingInvoices', context: 'pl', section: 'home', order: 40, icon: 'inbox' }],
  },
  {
    path: INVOICE_PAGE_PATH,
    page: invoicePages,
    namespaces: ['plInvoiceView'],
  },
  {
    path: PUBLIC_INVOICE_PATH,
    public: true,
    page: invoicePages,
    namespaces: ['plPublicInvoice', 'plInvoiceView'],
  },
];
