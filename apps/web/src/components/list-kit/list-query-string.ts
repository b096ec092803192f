/** A filter value: one string, or several for multi-select filters (`field[]=a&field[]=b`). */
export type FilterValue = string | string[];
export type FilterValues = Record<string, FilterValue>;

export type OrderDirection = 'asc' | 'desc';
export interface ListOrder {
  field: string;
  direction: OrderDirection;
}

/** The page size of every list unless a screen says otherwise. */
export const DEFAULT_PAGE_SIZE = 30;

export interface ListSnapshot<F extends FilterValues> {
  filters: F;
  page: number;
  itemsPerPage: number;
  order: ListOrder | null;
}

export interface ListDefaults<F extends FilterValues> {
  defaultFilters: F;
  defaultPageSize: number;
}

/** The largest page the API serves (bigger values are clamped there too). */
export const MAX_ITEMS_PER_PAGE = 100;

const ORDER_PARAM = /^order\[(.+)\]$/;

function positiveInt(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= 1 ? Math.min(value, max) : fallback;
}

/**
 * Reads the list state out of the query string. A filter absent from the URL takes its
 * default; a filter present but empty (`email=`) means "cleared on purpose", which matters
 * when the default is not empty. Hand-edited garbage falls back to defaults.
 */
export function readListSnapshot<F extends FilterValues>(
  params: URLSearchParams,
  { defaultFilters, defaultPageSize }: ListDefaults<F>,
): ListSnapshot<F> {
  const filters: FilterValues = {};
  for (const [name, fallback] of Object.entries(defaultFilters)) {
    if (!params.has(name)) {
      filters[name] = fallback;
    } else if (Array.isArray(fallback)) {
      filters[name] = params.getAll(name).filter((value) => value !== '');
    } else {
      filters[name] = params.get(name) ?? '';
    }
  }
  let order: ListOrder | null = null;
  for (const [key, value] of params) {
    const match = ORDER_PARAM.exec(key);
    if (match?.[1] && (value === 'asc' || value === 'desc')) {
      order = { field: match[1], direction: value };
      break;
    }
  }
  return {
    filters: filters as F,
    page: positiveInt(params.get('page'), 1),
    itemsPerPage: positiveInt(params.get('itemsPerPage'), defaultPageSize, MAX_ITEMS_PER_PAGE),
    order,
  };
}

function sameValue(a: FilterValue | undefined, b: FilterValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, index) => value === b[index]);
  }
  return a === b;
}

/**
 * Writes the list state into `params`, keeping every key the list does not own (an open
 * dialog, another widget's state). Values equal to their default are left out so that a
 * plain link to the screen and a cleared list share one URL.
 */
export function writeListSnapshot<F extends FilterValues>(
  params: URLSearchParams,
  snapshot: ListSnapshot<F>,
  { defaultFilters, defaultPageSize }: ListDefaults<F>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.keys(defaultFilters)) next.delete(name);
  for (const key of [...next.keys()]) if (ORDER_PARAM.test(key)) next.delete(key);
  next.delete('page');
  next.delete('itemsPerPage');

  for (const [name, fallback] of Object.entries(defaultFilters)) {
    const value = snapshot.filters[name];
    if (value === undefined || sameValue(value, fallback)) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) next.append(name, '');
      for (const item of value) next.append(name, item);
    } else {
      next.set(name, value);
    }
  }
  if (snapshot.order) next.set(`order[${snapshot.order.field}]`, snapshot.order.direction);
  if (snapshot.page > 1) next.set('page', String(snapshot.page));
  if (snapshot.itemsPerPage !== defaultPageSize) {
    next.set('itemsPerPage', String(snapshot.itemsPerPage));
  }
  return next;
}

/** The list's own part of a query string (filters, order, page, page size), '' when default. */
export function listOwnedQuery<F extends FilterValues>(
  params: URLSearchParams,
  defaults: ListDefaults<F>,
): string {
  const own = new URLSearchParams();
  const owned = new Set([...Object.keys(defaults.defaultFilters), 'page', 'itemsPerPage']);
  for (const [key, value] of params) {
    if (owned.has(key) || ORDER_PARAM.test(key)) own.append(key, value);
  }
  return own.toString();
}

/** Query parameters for the API call: pagination, ordering and the non-empty filters. */
export type ListQueryParams = Record<string, string | string[]>;

export function toListQueryParams<F extends FilterValues>(
  snapshot: ListSnapshot<F>,
): ListQueryParams {
  const query: ListQueryParams = {
    page: String(snapshot.page),
    itemsPerPage: String(snapshot.itemsPerPage),
  };
  for (const [name, value] of Object.entries(snapshot.filters)) {
    if (Array.isArray(value) ? value.length > 0 : value.trim() !== '') {
      query[name] = Array.isArray(value) ? value : value.trim();
    }
  }
  if (snapshot.order) query[`order[${snapshot.order.field}]`] = snapshot.order.direction;
  return query;
}
