/**
 * The Peppol legal entity list of one domain (spec "Peppol legal entities"): its table key, its
 * filters (identifierValue, registeredName, and the sort field and sort type the spec draws as
 * two selects) and the list call's query, where the table's own header sorting (`order[field]`)
 * and the sort selects both become the API's `sortBy[field]=asc|desc`. Pure: the page and the
 * route's prefetch ask the same query.
 */
import type { PeppolDomain } from '../../../lib/peppol-domain';

/** Key of the table's kept state and column choices in localStorage, one per domain. */
export function legalEntitiesTableKey(domain: PeppolDomain): string {
  return `peppol-${domain}-legal-entities`;
}

/** The fields the API sorts by (spec: createdAt, registeredName, identifierScheme, identifierValue). */
export const legalEntitySortFields = [
  'createdAt',
  'registeredName',
  'identifierScheme',
  'identifierValue',
] as const;
export type LegalEntitySortField = (typeof legalEntitySortFields)[number];

export const sortDirections = ['asc', 'desc'] as const;

export const defaultLegalEntityFilters = {
  registeredName: '',
  identifierValue: '',
  sortField: '',
  sortType: '',
};
export type LegalEntityFilters = typeof defaultLegalEntityFilters;

function isSortField(value: unknown): value is LegalEntitySortField {
  return (legalEntitySortFields as readonly unknown[]).includes(value);
}

const ORDER_PARAM = /^order\[(.+)\]$/;

/**
 * The list call's query: pagination and the text filters as they are; the sort selects become
 * `sortBy[field]` (ascending unless descending is chosen), and so does a sorted column header,
 * which wins over the selects (it is the last thing the user clicked on the table itself).
 */
export function toLegalEntityListQuery(
  params: Readonly<Record<string, string | string[]>>,
): Record<string, string> {
  const query: Record<string, string> = {};
  let headerSort: { field: LegalEntitySortField; direction: string } | null = null;
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    const order = ORDER_PARAM.exec(key);
    if (order) {
      if (isSortField(order[1])) headerSort = { field: order[1], direction: value };
    } else if (key !== 'sortField' && key !== 'sortType') {
      query[key] = value;
    }
  }
  if (headerSort) {
    query[`sortBy[${headerSort.field}]`] = headerSort.direction;
  } else if (isSortField(params.sortField)) {
    query[`sortBy[${params.sortField}]`] = params.sortType === 'desc' ? 'desc' : 'asc';
  }
  return query;
}

/** The public Peppol Directory's search for a participant identifier (`0211:IT…`). */
export function peppolDirectoryUrl(scheme: string, value: string): string {
  return `https://directory.peppol.eu/public/locale-en_US/menuitem-search?q=${encodeURIComponent(
    `${scheme}:${value}`,
  )}`;
}
