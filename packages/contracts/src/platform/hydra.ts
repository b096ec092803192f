import { z } from 'zod';

/**
 * Pagination query shared by every collection. `itemsPerPage` above the maximum is clamped by the
 * API (API Platform behaviour), so the schema only rejects values that are not positive integers.
 * Loose: other keys (API Platform filters such as `order[field]`) pass through to the API.
 */
export const paginationQuerySchema = z.looseObject({
  page: z.coerce.number().int().min(1).optional(),
  itemsPerPage: z.coerce.number().int().min(1).optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const DEFAULT_ITEMS_PER_PAGE = 30;
export const MAX_ITEMS_PER_PAGE = 100;

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
