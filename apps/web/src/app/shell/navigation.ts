/**
 * Sidebar menus per platform (spec 2.4), built from the screens' menu declarations
 * (`app/screens.ts`) and the sections of `menu-sections.ts`, and the rules that filter them
 * (spec 2.3, 6). Pure data and functions so the rules are unit-tested without rendering.
 */
import type { Access, NavigationContext } from '../../lib/roles';
import type { MenuRules, NavIcon } from '../../lib/screens';
import { screens } from '../screens';
import { menuSections } from './menu-sections';

export type { NavIcon } from '../../lib/screens';

/** A sidebar entry: a screen's menu declaration with its path and label key. */
export interface NavItem extends MenuRules {
  /** Stable id, persisted as the last navigation item. */
  id: string;
  /** Key in the `shell` namespace (`menu.items.<id>`). */
  labelKey: string;
  path: string;
  icon: NavIcon;
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

/** The declared menu entries of `context`, with their screen's path. */
function entriesOf(context: NavigationContext): (NavItem & { section: string; order: number })[] {
  return screens.flatMap((screen) =>
    (screen.menu ?? [])
      .filter((entry) => entry.context === context)
      .map(({ context: _context, ...entry }) => ({
        ...entry,
        labelKey: `menu.items.${entry.id}`,
        path: screen.path,
      })),
  );
}

/** A platform's sidebar: its sections, each with the entries declared for it, in order. */
function menuOf(context: NavigationContext): NavSection[] {
  const entries = entriesOf(context);
  return menuSections[context].map((section) => ({
    ...section,
    items: entries
      .filter((entry) => entry.section === section.id)
      .sort((a, b) => a.order - b.order)
      .map(({ section: _section, order: _order, ...item }) => item),
  }));
}

export const menus: Record<NavigationContext, NavSection[]> = {
  it: menuOf('it'),
  peppol: menuOf('peppol'),
  pl: menuOf('pl'),
  ob: menuOf('ob'),
  peppol_be: menuOf('peppol_be'),
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
