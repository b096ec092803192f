/**
 * The last filters, page, page size and ordering of each table, kept in localStorage as the
 * list's own part of the query string (spec: tables keep their filters per table). Opening a
 * list without any of its parameters in the address brings them back; a link that carries
 * them wins and becomes the kept state.
 */
const STORAGE_PREFIX = 'fiscus.listKit.query.';

export function loadListQuery(tableKey: string): string {
  try {
    return window.localStorage.getItem(`${STORAGE_PREFIX}${tableKey}`) ?? '';
  } catch {
    return '';
  }
}

export function saveListQuery(tableKey: string, query: string): void {
  try {
    if (query === '') window.localStorage.removeItem(`${STORAGE_PREFIX}${tableKey}`);
    else window.localStorage.setItem(`${STORAGE_PREFIX}${tableKey}`, query);
  } catch {
    // Storage full or disabled: the list still works from its address.
  }
}
