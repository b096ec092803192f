/**
 * The Polish webhook list (spec "/gov-pl/webhooks": no pagination): its table key and the page
 * of rows on screen. The API answers every webhook at once; the table pages them itself, as every
 * console table does, with the page and page size kept in the address.
 */

/** Key of the table's kept state and column choices in localStorage: never rename it. */
export const webhooksTableKey = 'pl-webhooks';

/** No filters (spec: a table of legal entity name, type and URL). */
export const defaultWebhookFilters = {};

/** The rows of `page` (from 1) at `itemsPerPage` a page. */
export function pageOf<T>(items: readonly T[], page: number, itemsPerPage: number): T[] {
  const start = (Math.max(1, page) - 1) * itemsPerPage;
  return items.slice(start, start + itemsPerPage);
}

/** A legal entity search typed into the picker: a NIP when it is digits only, else a name. */
export function legalEntitySearch(text: string): { name?: string; nip?: string } {
  const typed = text.trim();
  if (typed === '') return {};
  const digits = typed.replaceAll('-', '').replaceAll(' ', '');
  return /^\d+$/.test(digits) ? { nip: digits } : { name: typed };
}
