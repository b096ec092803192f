/** The role rules of the business registry screen (spec 6), in one place for route, menu and dialog. */
import type { Access } from '../../../lib/roles';

// Menu and route (ROLE_CONFIG or ROLE_CONFIG_BRC) are declared with the screen in
// `app/pages/composed-screens.ts`.

/**
 * Linking sub-accounts to a registry: ROLE_SUB_ACCOUNT_MANAGER in `common` or in `it` (the role
 * table's "common and it": whoever has the sub-accounts menu links them too), and the user is
 * not a sub-account itself (as the API checks).
 */
export function canLinkSubAccounts(access: Access): boolean {
  return (
    !access.isSubAccount &&
    (access.can('common', 'ROLE_SUB_ACCOUNT_MANAGER') ||
      access.can('it', 'ROLE_SUB_ACCOUNT_MANAGER'))
  );
}

/** Creating and deleting registries is the account's, not a sub-account's (the API refuses it). */
export function canCreateRegistries(access: Access): boolean {
  return !access.isSubAccount;
}

/** The webhook configurations (to link one) are listed with ROLE_CONFIG only. */
export function canListWebhooks(access: Access): boolean {
  return access.can('it', 'ROLE_CONFIG');
}

/** The massive imports tab works with ROLE_INVOICING_DOWNLOAD; without it the tab says so (spec 2.7). */
export function canDownloadInvoices(access: Access): boolean {
  return access.can('it', 'ROLE_INVOICING_DOWNLOAD');
}

/** The recover tab shows only with ROLE_INVOICING_RECOVER (spec 2.7, 6). */
export function canRecoverInvoices(access: Access): boolean {
  return access.can('it', 'ROLE_INVOICING_RECOVER');
}
