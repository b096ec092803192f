/**
 * How a feature declares its screens, once (docs/adding-a-resource.md "Adding a screen
 * (console)"): the path, the lazy page, the role rule of the route and the menu entries that
 * lead there. The router (`app/router.tsx`) and the sidebar (`app/shell/navigation.ts`) both
 * read the list in `app/screens.ts`; neither holds a hand-written entry per screen.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Access, NavigationContext } from './roles';
import type { ContextId } from './runtime-config';

/** Icon names resolved to MUI icons by the drawer; keeps declarations free of React. */
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

/** Who sees a menu entry (spec 2.3, 6); every rule must hold. */
export interface MenuRules {
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

/** One sidebar entry leading to a screen. */
export interface MenuEntry extends MenuRules {
  /** Stable id, persisted as the last navigation item; label `shell:menu.items.<id>`. */
  id: string;
  /** The platform menu the entry belongs to. */
  context: NavigationContext;
  /** The menu section (declared in `app/shell/menu-sections.ts`). */
  section: string;
  /** Place within the section, ascending (10, 20, 30… leaves room for later screens). */
  order: number;
  icon: NavIcon;
}

/**
 * The route's role rule (spec 6): where to send a user who may not see the screen, or null to
 * let them in.
 */
export type ScreenGuard = (access: Access) => string | null;

/** The usual rule: without `role` in `context` the user goes to `redirectTo`. */
export function requireRole(context: ContextId, role: string, redirectTo: string): ScreenGuard {
  return (access) => (access.can(context, role) ? null : redirectTo);
}

/** Icons of the user menu's screen entries, resolved to MUI icons by the user menu. */
export type UserMenuIcon = 'person' | 'alerts' | 'group' | 'help';

/** An entry of the user menu (spec 2.3) leading to a screen; label `shell:userMenu.<id>`. */
export interface UserMenuEntry {
  id: string;
  /** Place among the user menu's screens, ascending; the account actions follow them. */
  order: number;
  icon: UserMenuIcon;
  /** Shown only when this holds for the user the console acts as; absent = always. */
  visible?: (access: Access) => boolean;
}

export interface PageModule {
  default: ComponentType;
}

/** What a screen's prefetch gets: the address being opened and the console's query cache. */
export interface ScreenPrefetchContext {
  url: URL;
  queryClient: QueryClient;
}

export interface Screen {
  /** Absolute path (`/settings/pre-sale-actions`, `/customer-invoice/:uuid/fix`). */
  path: string;
  /**
   * The page, loaded lazily (its own chunk). Absent for a screen of a later issue: its menu
   * entries show and its path falls through to the not-found page.
   */
  page?: () => Promise<PageModule>;
  /**
   * Translation namespaces the page shows on its first paint, fetched together with its code;
   * the shell's own (`common`, `shell`) come with the shell. Dialogs and forms loaded later
   * (`lib/lazy-part`) declare theirs. A namespace left out still loads, but late: one round trip
   * after the code, holding back the page's paint (the browser test of issue 32 watches this).
   */
  namespaces?: readonly string[];
  /**
   * Starts the page's first API call from the route's loader, as soon as the session is known
   * and before the page's code has arrived. It must ask exactly what the page will ask (same
   * query key), so the page finds the answer in the cache. Import it from the feature's
   * `prefetch.ts`, never its index: the loader must not wait for the page's components.
   */
  prefetch?: (context: ScreenPrefetchContext) => Promise<void>;
  /** Outside the console shell and without a session (the login page). */
  public?: boolean;
  /**
   * Drawn without MUI (its own small style sheet, outside the theme's provider), so its first
   * load carries neither MUI nor emotion: the login page, whose budget is the framework alone.
   * Only for a public screen.
   */
  plain?: boolean;
  guard?: ScreenGuard;
  menu?: readonly MenuEntry[];
  userMenu?: UserMenuEntry;
}
