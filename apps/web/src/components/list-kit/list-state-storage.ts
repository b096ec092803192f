/**
 * The last filters, page, page size and ordering of each table, kept in localStorage as the
 * list's own part of the query string (spec: tables keep their filters per table). Opening a
 * list without any of its parameters in the address brings them back; a link that carries
 * them wins and becomes the kept state.
 */
import { listOwnedQuery, readListSnapshot } from './list-query-string';
import type { FilterValues, ListDefaults, ListSnapshot } from './list-query-string';

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

/**
 * The kept query a visit of `search` restores: the table's kept state when the address carries
 * none of the list's own parameters, else '' (the address wins).
 */
export function keptQueryFor<F extends FilterValues>(
  tableKey: string,
  search: URLSearchParams,
  defaults: ListDefaults<F>,
): string {
  return listOwnedQuery(search, defaults) === '' ? loadListQuery(tableKey) : '';
}

/**
 * The list a visit of `search` shows (filters, page, page size, ordering), exactly as
 * `useListState` reads it; pure, so a route's loader can ask for the same page before the screen
 * has rendered.
 */
export function listSnapshotOf<F extends FilterValues>(
  tableKey: string,
  search: URLSearchParams,
  defaults: ListDefaults<F>,
): ListSnapshot<F> {
  const kept = keptQueryFor(tableKey, search, defaults);
  return readListSnapshot(kept === '' ? search : new URLSearchParams(kept), defaults);
}
