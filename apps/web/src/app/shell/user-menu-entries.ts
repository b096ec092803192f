import type { Access } from '../../lib/roles';

export type UserMenuEntryId =
  'profile' | 'preSaleActions' | 'subAccounts' | 'switchUser' | 'exitSwitch' | 'logout';

/**
 * Entries of the user menu (spec 2.3). `access` is the user the console acts as; `tokenAccess`
 * the logged-in user's own token, which decides the admin entries, so an administrator acting as
 * someone else can still switch again or exit.
 */
export function userMenuEntries(
  access: Access,
  tokenAccess: Access,
  impersonating: boolean,
): UserMenuEntryId[] {
  const ids: UserMenuEntryId[] = ['profile'];
  if (!access.isStripeAccount) ids.push('preSaleActions');
  if (access.can('common', 'ROLE_SUB_ACCOUNT_MANAGER')) ids.push('subAccounts');
  if (tokenAccess.can('common', 'ROLE_ADMIN')) {
    ids.push('switchUser');
    if (impersonating) ids.push('exitSwitch');
  }
  ids.push('logout');
  return ids;
}
