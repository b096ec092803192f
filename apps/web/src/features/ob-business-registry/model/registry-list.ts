/**
 * The registry list and its nested accounts (spec "Business registry screen", 4, 9): the table
 * key, the page size of the accounts, when an account may be deleted, and the address the hosted
 * connect flow sends the user back to.
 */
import type { ObAccount, ObLocale } from '@fiscus/contracts';

export const registriesTableKey = 'ob-business-registry';

/** No filters: the screen lists every registry, newest first. */
export const defaultRegistryFilters = {};

/** Spec 9: accounts per registry in the nested list. */
export const ACCOUNTS_PAGE_SIZE = 30;

/** The address flag of the "hide inactive accounts" switch. */
export const HIDE_INACTIVE_PARAM = 'hideInactive';

/** The other accounts of `account`'s bank connection among `accounts`, itself included. */
export function connectionOf(account: ObAccount, accounts: readonly ObAccount[]): ObAccount[] {
  // An account without a bank connection (its statements imported) stands alone.
  if (account.connectionId === null) return [account];
  const found = accounts.filter((entry) => entry.connectionId === account.connectionId);
  return found.some((entry) => entry.uuid === account.uuid) ? found : [account, ...found];
}

/**
 * Spec 4: an account is deleted with its whole connection, only when every account of it is
 * disabled and none has payments requested to it.
 */
export function canDeleteAccount(account: ObAccount, accounts: readonly ObAccount[]): boolean {
  return connectionOf(account, accounts).every(
    (entry) => !entry.enabled && entry.paymentsCount === 0,
  );
}

/** Where the hosted connect flow returns: this screen, saying which registry it connected. */
export function connectReturnUrl(origin: string, fiscalId: string): string {
  return `${origin}/openbanking/business-registry?connected=${encodeURIComponent(fiscalId)}`;
}

/** "1–30 of 45, page 1 of 2" (spec: the pagination text). */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The languages the hosted connect flow speaks (the contract's `obLocales`), without zod. */
export const CONNECT_LOCALES = ['it', 'en', 'pl'] as const satisfies readonly ObLocale[];

/** The console's language as the hosted connect flow speaks it (English otherwise). */
export function obLocaleOf(language: string): ObLocale {
  const short = language.slice(0, 2);
  return CONNECT_LOCALES.find((locale) => locale === short) ?? 'en';
}
