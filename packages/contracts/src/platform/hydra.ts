import { z } from 'zod';

export const DEFAULT_ITEMS_PER_PAGE = 30;
export const MAX_ITEMS_PER_PAGE = 100;

/** `page` of a collection: from 1, a safe integer (larger values are a 400). */
export const pageQueryField = z.coerce
  .number()
  .int()
  .min(1)
  .optional()
  .describe('Page number, from 1.');

/**
 * `itemsPerPage` of a collection. A value above the maximum is clamped to it, as API Platform
 * clamps to `pagination_maximum_items_per_page`, so the schema refuses only non-positive or
 * non-integer values; the maximum is stated in the OpenAPI document through `meta`.
 */
export const itemsPerPageQueryField = z.coerce
  .number()
  .int()
  .min(1)
  .optional()
  .meta({
    maximum: MAX_ITEMS_PER_PAGE,
    default: DEFAULT_ITEMS_PER_PAGE,
    description: `Items per page, ${DEFAULT_ITEMS_PER_PAGE} by default; a value above ${MAX_ITEMS_PER_PAGE} is read as ${MAX_ITEMS_PER_PAGE}.`,
  });

/**
 * Pagination query shared by every collection.
 * Loose: other keys (API Platform filters such as `order[field]`) pass through to the API.
 */
export const paginationQuerySchema = z.looseObject({
  page: pageQueryField,
  itemsPerPage: itemsPerPageQueryField,
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** Boolean query filter as API Platform accepts it: `true`/`false`/`1`/`0`. */
export const booleanQueryValueSchema = z.enum(['true', 'false', '1', '0']);

export const hydraViewSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('hydra:PartialCollectionView'),
  'hydra:first': z.string(),
  'hydra:last': z.string(),
  'hydra:next': z.string().optional(),
  'hydra:previous': z.string().optional(),
});
export type HydraView = z.infer<typeof hydraViewSchema>;

/** `application/ld+json` collection wrapper around an item schema. */
export function hydraCollectionSchema<T extends z.ZodType>(item: T) {
  return z.object({
    '@context': z.string(),
    '@id': z.string(),
    '@type': z.literal('hydra:Collection'),
    'hydra:member': z.array(item),
    'hydra:totalItems': z.number().int().min(0),
    'hydra:view': hydraViewSchema,
  });
}

export type HydraCollection<T> = {
  '@context': string;
  '@id': string;
  '@type': 'hydra:Collection';
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view': HydraView;
};

/** Most property names one `properties[…]` filter may list (nested names included). */
export const MAX_FILTERED_PROPERTIES = 100;
/** Longest property name the property filter accepts. */
export const MAX_PROPERTY_NAME_LENGTH = 100;
/** Deepest nesting of the property filter: `properties[a][b][c][]=d` is three levels down. */
export const MAX_PROPERTY_FILTER_DEPTH = 3;

const propertyName = z.string().max(MAX_PROPERTY_NAME_LENGTH);

/**
 * API Platform's property filter, the same on every collection: `properties[]=uuid&properties[]=
 * invoiceNumber` answers only those properties of each member, `properties[sender][]=business_name`
 * only those of a nested object. Unknown names are ignored; without the filter members are whole.
 */
export const propertyFilterQueryShape = {
  'properties[]': z
    .union([propertyName, z.array(propertyName).max(MAX_FILTERED_PROPERTIES)])
    .optional()
    .meta({
      description:
        'Property filter (API Platform): only these properties of each member, e.g. ' +
        '`properties[]=uuid&properties[]=invoiceNumber`; nested objects with ' +
        '`properties[sender][]=business_name`. Unknown names are ignored; at most ' +
        `${MAX_FILTERED_PROPERTIES} names of ${MAX_PROPERTY_NAME_LENGTH} characters, ` +
        `${MAX_PROPERTY_FILTER_DEPTH} levels deep. Without it each member is the whole record.`,
    }),
};

/** A collection's query schema with the property filter documented and checked. */
export function withPropertyFilter<T extends z.ZodObject>(query: T) {
  return query.extend(propertyFilterQueryShape);
}
