/**
 * Sidebar menus per platform (spec 2.4) and the rules that filter them (spec 2.3, 6). Pure data
 * and functions so the rules are unit-tested without rendering.
 */
import type { Access, NavigationContext } from '../../lib/roles';
import type { ContextId } from '../../lib/runtime-config';

/** Icon names resolved to MUI icons by the drawer; keeps this module free of React. */
export type NavIcon =
  | 'dashboard'
  | 'webhook'
  | 'business'
  | 'jobs'
  | 'send'
  | 'inbox'
  | 'transfer'
  | 'draft'
  | 'receipt'
  | 'receiptReturn'
  | 'receiptVoid'
  | 'orders'
  | 'orderResponses'
  | 'archive'
  | 'expenses'
  | 'docs'
  | 'legalEntities'
  | 'creditNotes'
  | 'despatch'
  | 'bank'
  | 'payments'
  | 'transactions';

export interface NavItem {
  /** Stable id, persisted as the last navigation item. */
  id: string;
  /** Key in the `shell` namespace (`menu.items.<id>`). */
  labelKey: string;
  path: string;
  icon: NavIcon;
  /** Opens outside the console (a new tab) instead of routing. */
  external?: boolean;
  /** Any of these roles in the role context shows the item; absent = no role needed. */
  allow?: readonly string[];
  /** Any of these roles in the role context hides the item. */
  deny?: readonly string[];
  /** Context whose roles `allow`/`deny` read; defaults to the menu's context. */
  roleContext?: ContextId;
  /** A platform the user must have (any role in it), e.g. preservation. */
  requiresPlatform?: ContextId;
  /** Shown only to sub-accounts. */
  subAccountOnly?: boolean;
  /** Shown only to payment-provider (stripe) accounts. */
  stripeOnly?: boolean;
}

export interface NavSection {
  id: string;
  /** Key in the `shell` namespace; a section without one has no subheader. */
  subheaderKey?: string;
  /** Hides the subheader (not the items) for these roles. */
  subheaderDeny?: readonly string[];
  /** Hides the whole section unless the user holds one of these roles. */
  allow?: readonly string[];
  items: NavItem[];
}

const supplierOnly = 'ROLE_INVOICING_SUPPLIER_ONLY';
const customerOnly = 'ROLE_INVOICING_CUSTOMER_ONLY';

function item(id: string, path: string, icon: NavIcon, rules: Partial<NavItem> = {}): NavItem {
  return { id, labelKey: `menu.items.${id}`, path, icon, ...rules };
}

const italyMenu: NavSection[] = [
  {
    id: 'home',
    items: [
      item('dashboard', '/dashboard', 'dashboard'),
      // Same page as `dashboard`; a sub-account only gets it with ROLE_SHOW_STATS (spec 6).
      item('dashboardStats', '/dashboard', 'dashboard', {
        subAccountOnly: true,
        allow: ['ROLE_SHOW_STATS'],
      }),
    ],
  },
  {
    id: 'integration',
    subheaderKey: 'menu.sections.integration',
    items: [
      item('apiConfigurations', '/api-configurations', 'webhook', { allow: ['ROLE_CONFIG'] }),
      item('businessRegistry', '/business-registry-configurations', 'business', {
        allow: ['ROLE_CONFIG', 'ROLE_CONFIG_BRC'],
      }),
      item('jobs', '/jobs', 'jobs'),
    ],
  },
  {
    id: 'invoices',
    subheaderKey: 'menu.sections.invoices',
    subheaderDeny: [supplierOnly, customerOnly],
    items: [
      item('customerInvoices', '/customer-invoice', 'send', { deny: [supplierOnly] }),
      item('supplierInvoices', '/supplier-invoice', 'inbox', { deny: [customerOnly] }),
      item('invoiceTransfers', '/invoice-transfers', 'transfer', { deny: [supplierOnly] }),
      item('invoiceDrafts', '/invoice-drafts', 'draft', {
        allow: ['ROLE_INVOICING_DRAFT', 'ROLE_INVOICING'],
        deny: [supplierOnly],
      }),
    ],
  },
  {
    id: 'smartReceipts',
    subheaderKey: 'menu.sections.smartReceipts',
    allow: ['ROLE_RECEIPTS'],
    items: [
      item('smartReceiptsSale', '/smart-receipts-sale', 'receipt'),
      item('smartReceiptsReturn', '/smart-receipts-return', 'receiptReturn'),
      item('smartReceiptsVoid', '/smart-receipts-void', 'receiptVoid'),
    ],
  },
  {
    id: 'nso',
    subheaderKey: 'menu.sections.nso',
    items: [
      item('incomingOrders', '/incoming-orders', 'orders'),
      item('outgoingOrders', '/outgoing-orders', 'orders'),
      item('incomingOrderResponses', '/incoming-order-responses', 'orderResponses'),
      item('outgoingOrderResponses', '/outgoing-order-responses', 'orderResponses'),
    ],
  },
  {
    id: 'archive',
    subheaderKey: 'menu.sections.archive',
    items: [
      item('preservation', '/preservation-documents', 'archive', {
        requiresPlatform: 'preservation',
      }),
      item('expenses', '/expenses', 'expenses'),
    ],
  },
  {
    id: 'utility',
    subheaderKey: 'menu.sections.utility',
    items: [item('apiDocs', '/api/docs', 'docs', { external: true })],
  },
];

function peppolMenu(prefix: '/peppol' | '/peppol-be', withOrders: boolean): NavSection[] {
  const sections: NavSection[] = [
    {
      id: 'home',
      items: [
        item('dashboard', '/dashboard', 'dashboard'),
        item('peppolWebhooks', `${prefix}/webhooks`, 'webhook'),
        item('legalEntities', `${prefix}/legal-entities`, 'legalEntities'),
      ],
    },
    {
      id: 'invoices',
      subheaderKey: 'menu.sections.invoices',
      items: [
        item('incomingInvoices', `${prefix}/incoming-invoices`, 'inbox'),
        item('outgoingInvoices', `${prefix}/outgoing-invoices`, 'send'),
      ],
    },
    {
      id: 'creditNotes',
      subheaderKey: 'menu.sections.creditNotes',
      items: [
        item('incomingCreditNotes', `${prefix}/incoming-credit-notes`, 'creditNotes'),
        item('outgoingCreditNotes', `${prefix}/outgoing-credit-notes`, 'creditNotes'),
      ],
    },
  ];
  if (!withOrders) return sections;
  return [
    ...sections,
    {
      id: 'orders',
      subheaderKey: 'menu.sections.orders',
      items: [
        item('incomingOrders', `${prefix}/incoming-orders`, 'orders'),
        item('outgoingOrders', `${prefix}/outgoing-orders`, 'orders'),
        item('incomingOrderResponses', `${prefix}/incoming-order-responses`, 'orderResponses'),
        item('outgoingOrderResponses', `${prefix}/outgoing-order-responses`, 'orderResponses'),
      ],
    },
    {
      id: 'despatchAdvices',
      subheaderKey: 'menu.sections.despatchAdvices',
      items: [
        item('incomingDespatchAdvices', `${prefix}/incoming-despatch-advices`, 'despatch'),
        item('outgoingDespatchAdvices', `${prefix}/outgoing-despatch-advices`, 'despatch'),
      ],
    },
  ];
}

const polandMenu: NavSection[] = [
  {
    id: 'home',
    items: [
      item('legalEntities', '/gov-pl/legal-entities', 'legalEntities'),
      item('plWebhooks', '/gov-pl/webhooks', 'webhook'),
      item('outgoingInvoices', '/gov-pl/outgoing-invoices', 'send'),
      item('incomingInvoices', '/gov-pl/incoming-invoices', 'inbox'),
    ],
  },
];

const openBankingMenu: NavSection[] = [
  {
    id: 'home',
    items: [
      item('obWebhooks', '/openbanking/webhooks', 'webhook'),
      item('obBusinessRegistry', '/openbanking/business-registry', 'bank'),
      item('transactions', '/openbanking/transactions', 'transactions'),
      item('payments', '/openbanking/payments', 'payments'),
    ],
  },
];

export const menus: Record<NavigationContext, NavSection[]> = {
  it: italyMenu,
  peppol: peppolMenu('/peppol', true),
  pl: polandMenu,
  ob: openBankingMenu,
  peppol_be: peppolMenu('/peppol-be', false),
};

/**
 * What a sub-account sees in Italy (spec 2.3 leaves the list to us). Decision: the pages a
 * sub-account works in day to day on the registries linked to it: the dashboard (only with
 * ROLE_SHOW_STATS, via `dashboardStats`), invoices sent and received, drafts and preservation.
 * Configuration, transfers, receipts, NSO, expenses and links stay with the main account.
 */
export const subAccountItemIds: ReadonlySet<string> = new Set([
  'dashboardStats',
  'customerInvoices',
  'supplierInvoices',
  'invoiceDrafts',
  'preservation',
]);

export const subAccountSectionIds: ReadonlySet<string> = new Set(['home', 'invoices', 'archive']);

function isItemVisible(entry: NavItem, context: NavigationContext, access: Access): boolean {
  const roleContext = entry.roleContext ?? context;
  if (entry.subAccountOnly && !access.isSubAccount) return false;
  if (entry.stripeOnly && !access.isStripeAccount) return false;
  if (entry.requiresPlatform && !access.hasContext(entry.requiresPlatform)) return false;
  if (entry.allow && !access.canAny(roleContext, entry.allow)) return false;
  if (entry.deny && access.canAny(roleContext, entry.deny)) return false;
  if (access.isSubAccount && context === 'it' && !subAccountItemIds.has(entry.id)) return false;
  return true;
}

/** A section after filtering: `showSubheader` false when the roles hide only the subheader. */
export interface VisibleSection {
  id: string;
  subheaderKey?: string;
  showSubheader: boolean;
  items: NavItem[];
}

/** The menu of `context` as this user may see it; sections left empty disappear. */
export function visibleMenu(context: NavigationContext, access: Access): VisibleSection[] {
  return menus[context].flatMap((section): VisibleSection[] => {
    if (access.isSubAccount && context === 'it' && !subAccountSectionIds.has(section.id)) return [];
    if (section.allow && !access.canAny(context, section.allow)) return [];
    const items = section.items.filter((entry) => isItemVisible(entry, context, access));
    if (items.length === 0) return [];
    const subheaderHidden = section.subheaderDeny
      ? access.canAny(context, section.subheaderDeny)
      : false;
    return [
      {
        id: section.id,
        ...(section.subheaderKey ? { subheaderKey: section.subheaderKey } : {}),
        showSubheader: Boolean(section.subheaderKey) && !subheaderHidden,
        items,
      },
    ];
  });
}

/** The item to highlight: the one matching the path, preferring the last one clicked. */
export function activeItemId(
  sections: VisibleSection[],
  pathname: string,
  lastItemId: string | null,
): string | null {
  const matches = sections
    .flatMap((section) => section.items)
    .filter(
      (entry) =>
        !entry.external && (pathname === entry.path || pathname.startsWith(`${entry.path}/`)),
    );
  return (matches.find((entry) => entry.id === lastItemId) ?? matches[0])?.id ?? null;
}
