/**
 * Screens of later issues (NSO, KSeF; Peppol's and open banking's are their features'): their menu entries already show, in
 * the same format as a feature's, and their paths fall through to the not-found page until a
 * feature declares the page. The API documentation link leaves the console.
 */
import type { NavigationContext } from '../../lib/roles';
import type { MenuEntry, MenuRules, NavIcon, Screen } from '../../lib/screens';

/** A screen without a page yet, with its one menu entry. */
function planned(
  path: string,
  entry: { id: string; context: NavigationContext; section: string; order: number; icon: NavIcon },
  rules: MenuRules = {},
): Screen {
  const menuEntry: MenuEntry = { ...entry, ...rules };
  return { path, menu: [menuEntry] };
}

/** Items of one section, in order (10, 20, 30…). */
function section(
  context: NavigationContext,
  sectionId: string,
  items: readonly (readonly [id: string, path: string, icon: NavIcon, rules?: MenuRules])[],
): Screen[] {
  return items.map(([id, path, icon, rules], index) =>
    planned(path, { id, context, section: sectionId, order: (index + 1) * 10, icon }, rules),
  );
}

const italy: Screen[] = [
  // The NSO lists (section nso) are the Peppol documents feature's.
  // Preservation documents (archive, order 10) and expenses (order 20) are declared by their
  // features.
  ...section('it', 'utility', [['apiDocs', '/api/docs', 'docs', { external: true }]]),
];

// Poland's screens (legal entities 10, webhooks 20, outgoing and incoming invoices 30, 40) are
// declared by their features.
// Open banking's screens (webhooks 10, business registry 20, transactions 30, payments 40) are
// declared by their features.

export const plannedScreens: readonly Screen[] = [...italy];
