/**
 * The Polish legal entity list (spec "Legal entity list"): its table key and its filters, named
 * as the API's query parameters (name, nip, status). Pure: the page and the route's prefetch ask
 * the same query.
 */

/** Key of the table's kept state and column choices in localStorage: never rename it. */
export const legalEntitiesTableKey = 'pl-legal-entities';

export const defaultLegalEntityFilters = { name: '', nip: '', status: '' };
export type LegalEntityFilters = typeof defaultLegalEntityFilters;
