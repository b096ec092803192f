import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { loadColumnChoices, saveColumnChoices } from './column-preferences';
import type { ColumnChoices } from './column-preferences';
import {
  DEFAULT_PAGE_SIZE,
  listOwnedQuery,
  readListSnapshot,
  toListQueryParams,
  writeListSnapshot,
} from './list-query-string';
import { keptQueryFor, listSnapshotOf, saveListQuery } from './list-state-storage';
import type {
  FilterValues,
  ListDefaults,
  ListOrder,
  ListQueryParams,
  ListSnapshot,
} from './list-query-string';

export { DEFAULT_PAGE_SIZE };

export interface ListStateOptions<F extends FilterValues> {
  defaultFilters: F;
  defaultPageSize?: number;
  /**
   * Filters that belong to this visit only (e.g. an invoice uuid): a list showing one of them
   * is not kept, so the next visit opens as the list was before.
   */
  notKept?: readonly (keyof F & string)[];
}

/** Whether `query` gives any of `names` a value. */
function hasAnyParam(query: string, names: readonly string[]): boolean {
  if (names.length === 0 || query === '') return false;
  const params = new URLSearchParams(query);
  return names.some((name) => params.getAll(name).some((value) => value.trim() !== ''));
}

export interface ListState<F extends FilterValues> extends ListSnapshot<F> {
  tableKey: string;
  defaultFilters: F;
  /** Page, itemsPerPage, ordering and non-empty filters, ready for the API and query keys. */
  queryParams: ListQueryParams;
  /** Applies new filters and goes back to page 1. */
  setFilters: (filters: F) => void;
  /** Restores the default filters (and page 1). */
  clearFilters: () => void;
  setPage: (page: number) => void;
  /** Changes the page size and goes back to page 1. */
  setItemsPerPage: (itemsPerPage: number) => void;
  /** Sorts by `field`: ascending first, then descending, then unsorted. */
  toggleOrder: (field: string) => void;
  isColumnVisible: (columnId: string, defaultVisible?: boolean) => boolean;
  setColumnVisible: (columnId: string, visible: boolean) => void;
  resetColumns: () => void;
}

/**
 * The state of one list screen. Filters, page, page size and ordering live in the URL query
 * string (so Back, reload and shared links restore the list) and are kept per table in
 * localStorage, so the list opens as it was left; column choices live in localStorage under
 * `tableKey` (they belong to the browser, not to the link).
 */
export function useListState<F extends FilterValues>(
  tableKey: string,
  options: ListStateOptions<F>,
): ListState<F> {
  const [searchParams, setSearchParams] = useSearchParams();
  // Callers usually pass an inline object literal; keying on its content keeps the
  // derived values stable across renders.
  const defaultsKey = JSON.stringify(options.defaultFilters);
  const defaultPageSize = options.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const notKeptKey = (options.notKept ?? []).join('\n');
  const keep = useCallback(
    (query: string) => {
      if (!hasAnyParam(query, notKeptKey === '' ? [] : notKeptKey.split('\n'))) {
        saveListQuery(tableKey, query);
      }
    },
    [tableKey, notKeptKey],
  );
  const defaults = useMemo<ListDefaults<F>>(
    () => ({ defaultFilters: JSON.parse(defaultsKey) as F, defaultPageSize }),
    [defaultsKey, defaultPageSize],
  );

  const searchKey = searchParams.toString();
  const ownQuery = listOwnedQuery(new URLSearchParams(searchKey), defaults);
  // An address without any of the list's parameters opens the table as the user left it.
  const kept = keptQueryFor(tableKey, new URLSearchParams(searchKey), defaults);
  const snapshot = useMemo(
    () => listSnapshotOf(tableKey, new URLSearchParams(searchKey), defaults),
    // `kept` changes with what the table keeps for this address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tableKey, searchKey, kept, defaults],
  );
  useEffect(() => {
    if (ownQuery !== '') {
      keep(ownQuery);
    } else if (kept !== '') {
      // Show the kept state in the address too, so reload and Back agree with the screen.
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of new URLSearchParams(kept)) next.append(key, value);
          return next;
        },
        { replace: true },
      );
    }
  }, [ownQuery, kept, setSearchParams, keep]);
  const queryParams = useMemo(() => toListQueryParams(snapshot), [snapshot]);

  const update = useCallback(
    (change: (current: ListSnapshot<F>) => ListSnapshot<F>) => {
      setSearchParams((current) => {
        const next = writeListSnapshot(
          current,
          change(readListSnapshot(current, defaults)),
          defaults,
        );
        // Kept at once: a list cleared back to its defaults has no parameters to keep.
        keep(listOwnedQuery(next, defaults));
        return next;
      });
    },
    [setSearchParams, defaults, keep],
  );

  const [columnChoices, setColumnChoices] = useState<{ key: string; choices: ColumnChoices }>(
    () => ({ key: tableKey, choices: loadColumnChoices(tableKey) }),
  );
  // One component instance may be reused for another table (same route, other key).
  const choices =
    columnChoices.key === tableKey ? columnChoices.choices : loadColumnChoices(tableKey);

  const setColumnVisible = useCallback(
    (columnId: string, visible: boolean) => {
      const next = { ...loadColumnChoices(tableKey), [columnId]: visible };
      saveColumnChoices(tableKey, next);
      setColumnChoices({ key: tableKey, choices: next });
    },
    [tableKey],
  );
  const resetColumns = useCallback(() => {
    saveColumnChoices(tableKey, {});
    setColumnChoices({ key: tableKey, choices: {} });
  }, [tableKey]);
  const isColumnVisible = useCallback(
    (columnId: string, defaultVisible = true) => choices[columnId] ?? defaultVisible,
    [choices],
  );

  return {
    ...snapshot,
    tableKey,
    defaultFilters: defaults.defaultFilters,
    queryParams,
    setFilters: useCallback(
      (filters: F) => update((current) => ({ ...current, filters, page: 1 })),
      [update],
    ),
    clearFilters: useCallback(
      () => update((current) => ({ ...current, filters: defaults.defaultFilters, page: 1 })),
      [update, defaults],
    ),
    setPage: useCallback(
      (page: number) => update((current) => ({ ...current, page: Math.max(1, page) })),
      [update],
    ),
    setItemsPerPage: useCallback(
      (itemsPerPage: number) => update((current) => ({ ...current, itemsPerPage, page: 1 })),
      [update],
    ),
    toggleOrder: useCallback(
      (field: string) =>
        update((current) => {
          let order: ListOrder | null = { field, direction: 'asc' };
          if (current.order?.field === field) {
            order = current.order.direction === 'asc' ? { field, direction: 'desc' } : null;
          }
          return { ...current, order, page: 1 };
        }),
      [update],
    ),
    isColumnVisible,
    setColumnVisible,
    resetColumns,
  };
}
