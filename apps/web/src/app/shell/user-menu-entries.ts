/**
 * Entries of the user menu (spec 2.3): the screens that declare a `userMenu` entry
 * (`app/screens.ts`), then the account actions.
 */
import type { Access } from '../../lib/roles';
import type { UserMenuIcon } from '../../lib/screens';
import { screens } from '../screens';

/** The account actions after the screens. */
export type UserMenuAction = 'switchUser' | 'exitSwitch' | 'logout';

/** A screen's entry id (`profile`, `preSaleActions`, `subAccounts`…) or an account action. */
export type UserMenuEntryId = string;

interface UserMenuScreen {
  id: string;
  path: string;
  icon: UserMenuIcon;
  order: number;
  visible?: (access: Access) => boolean;
}

const userMenuScreens: readonly UserMenuScreen[] = screens
  .flatMap((screen) => (screen.userMenu ? [{ ...screen.userMenu, path: screen.path }] : []))
  .sort((a, b) => a.order - b.order);

/** The screen an entry leads to, or undefined for an account action. */
export function userMenuScreen(id: UserMenuEntryId): UserMenuScreen | undefined {
  return userMenuScreens.find((entry) => entry.id === id);
}

/**
 * `access` is the user the console acts as; `tokenAccess` the logged-in user's own token, which
 * decides the admin entries, so an administrator acting as someone else can still switch again
 * or exit.
 */
export function userMenuEntries(
  access: Access,
  tokenAccess: Access,
  impersonating: boolean,
): UserMenuEntryId[] {
  const ids: UserMenuEntryId[] = userMenuScreens
    .filter((entry) => !entry.visible || entry.visible(access))
    .map((entry) => entry.id);
  if (tokenAccess.can('common', 'ROLE_ADMIN')) {
    ids.push('switchUser');
    if (impersonating) ids.push('exitSwitch');
  }
  ids.push('logout');
  return ids;
}
