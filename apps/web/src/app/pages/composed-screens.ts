/**
 * Screens whose page composes several features (a feature never imports another one, so `app/`
 * puts them together): the dashboard with the yearly statistics, the invoice lists with the
 * new-invoice, import and credit-note dialogs, the drafts with the invoice details dialog, the
 * business registries with the statistics dialog.
 */
// Static, not lazy: the opening screen's list call goes out while the entry is still evaluating
// (app/opening-prefetch.ts); a few KB in the entry for a call that starts some 600 ms sooner.
import { prefetchInvoiceList } from '../../features/it-invoices/prefetch';
import type { Screen, ScreenGuard } from '../../lib/screens';

const supplierOnly = 'ROLE_INVOICING_SUPPLIER_ONLY';
const customerOnly = 'ROLE_INVOICING_CUSTOMER_ONLY';

/** A supplier-only account has no sent invoices (spec 6): home. */
const sendsInvoices: ScreenGuard = (access) => (access.can('it', supplierOnly) ? '/' : null);

/** A customer-only account receives nothing (spec 6): home. */
const receivesInvoices: ScreenGuard = (access) => (access.can('it', customerOnly) ? '/' : null);

/**
 * Spec 6: supplier-only accounts go home; without ROLE_INVOICING or ROLE_INVOICING_DRAFT the
 * user goes to the sent invoices.
 */
const writesDrafts: ScreenGuard = (access) => {
  if (access.can('it', supplierOnly)) return '/';
  if (!access.canAny('it', ['ROLE_INVOICING', 'ROLE_INVOICING_DRAFT'])) return '/customer-invoice';
  return null;
};

/** Spec 6: the business registries (menu and route) need ROLE_CONFIG or ROLE_CONFIG_BRC. */
const registryRoles = ['ROLE_CONFIG', 'ROLE_CONFIG_BRC'];
const configuresRegistries: ScreenGuard = (access) =>
  access.canAny('it', registryRoles) ? null : '/';

export const composedScreens: readonly Screen[] = [
  { path: '/no-services', public: true, page: () => import('./no-services-page') },
  {
    path: '/dashboard',
    page: () => import('./dashboard-route'),
    namespaces: ['dashboard'],
    menu: [
      { id: 'dashboard', context: 'it', section: 'home', order: 10, icon: 'dashboard' },
      // Same page as `dashboard`; a sub-account only gets it with ROLE_SHOW_STATS (spec 6).
      {
        id: 'dashboardStats',
        context: 'it',
        section: 'home',
        order: 20,
        icon: 'dashboard',
        subAccountOnly: true,
        allow: ['ROLE_SHOW_STATS'],
      },
      { id: 'dashboard', context: 'peppol', section: 'home', order: 10, icon: 'dashboard' },
      { id: 'dashboard', context: 'peppol_be', section: 'home', order: 10, icon: 'dashboard' },
    ],
  },
  {
    path: '/customer-invoice',
    page: () => import('./customer-invoice-route'),
    namespaces: ['invoices', 'listKit', 'invoiceCreate', 'invoiceImports'],
    prefetch: (context) => prefetchInvoiceList(context, 0),
    guard: sendsInvoices,
    menu: [
      {
        id: 'customerInvoices',
        context: 'it',
        section: 'invoices',
        order: 10,
        icon: 'send',
        deny: [supplierOnly],
      },
    ],
  },
  {
    path: '/supplier-invoice',
    page: () => import('./supplier-invoice-route'),
    namespaces: ['invoices', 'listKit', 'invoiceImports'],
    prefetch: (context) => prefetchInvoiceList(context, 1),
    guard: receivesInvoices,
    menu: [
      {
        id: 'supplierInvoices',
        context: 'it',
        section: 'invoices',
        order: 20,
        icon: 'inbox',
        deny: [customerOnly],
      },
    ],
  },
  {
    path: '/invoice-drafts',
    page: () => import('./invoice-drafts-route'),
    namespaces: ['drafts', 'listKit'],
    guard: writesDrafts,
    menu: [
      {
        id: 'invoiceDrafts',
        context: 'it',
        section: 'invoices',
        order: 40,
        icon: 'draft',
        allow: ['ROLE_INVOICING_DRAFT', 'ROLE_INVOICING'],
        deny: [supplierOnly],
      },
    ],
  },
  {
    path: '/business-registry-configurations',
    page: () => import('./business-registry-route'),
    namespaces: ['businessRegistry', 'listKit'],
    guard: configuresRegistries,
    menu: [
      {
        id: 'businessRegistry',
        context: 'it',
        section: 'integration',
        order: 20,
        icon: 'business',
        allow: registryRoles,
      },
    ],
  },
];
