import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HydraCollection } from '@fiscus/contracts';
import type { CollectionPage } from './db/collection-query.ts';
import { propertyFilterSerializer, registerCollectionMember } from './property-filter.ts';

/*
 * The HTTP half of a collection: the hydra (JSON-LD) envelope or the bare array, chosen by
 * `Accept`, and the response schema a collection route declares. The SQL half (query string →
 * WHERE, ORDER BY, page) is `platform/db/collection-query.ts`, used by the repositories.
 */

export type { CollectionPage } from './db/collection-query.ts';

/** The collection representations, plain JSON first: it answers any type and a missing Accept. */
const COLLECTION_TYPES = ['application/json', 'application/ld+json'];

/**
 * True when the client prefers JSON-LD (hydra) to plain JSON (a bare array), by `Accept`'s
 * quality values read by @fastify/accepts (registered once, in `app.ts`).
 */
export function wantsJsonLd(request: FastifyRequest): boolean {
  return request.accepts().type(COLLECTION_TYPES) === 'application/ld+json';
}

/** Wraps one page as a hydra:Collection with first/last/next/previous links. */
export function toHydraCollection<T>(
  request: FastifyRequest,
  page: CollectionPage<T>,
): HydraCollection<T> {
  const [path = '/', search = ''] = request.url.split('?');
  const params = new URLSearchParams(search);
  const lastPage = Math.max(1, Math.ceil(page.total / page.itemsPerPage));
  const link = (n: number) => {
    params.set('page', String(n));
    return `${path}?${params.toString()}`;
  };
  return {
    '@context': '/api/contexts/Collection',
    '@id': path,
    '@type': 'hydra:Collection',
    'hydra:member': page.items,
    'hydra:totalItems': page.total,
    'hydra:view': {
      '@id': link(page.page),
      '@type': 'hydra:PartialCollectionView',
      'hydra:first': link(1),
      'hydra:last': link(lastPage),
      ...(page.page < lastPage ? { 'hydra:next': link(page.page + 1) } : {}),
      ...(page.page > 1 ? { 'hydra:previous': link(page.page - 1) } : {}),
    },
  };
}

/**
 * Sends a collection as ld+json (hydra) or json (bare array) according to `Accept`. Under API
 * Platform's property filter (`properties[]=…`) each member holds only the asked properties.
 */
export function sendCollection<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CollectionPage<T>,
) {
  const jsonLd = wantsJsonLd(request);
  const projection = propertyFilterSerializer(request, jsonLd ? 'jsonLd' : 'json');
  if (projection) reply.serializer(projection);
  if (jsonLd) {
    return reply.type('application/ld+json; charset=utf-8').send(toHydraCollection(request, page));
  }
  return reply.type('application/json; charset=utf-8').send(page.items);
}

/**
 * Response schema entry for a collection route: both representations, for validation and OpenAPI.
 * `member` is the bare array's schema; its element is what the property filter narrows.
 */
export function collectionResponse<TMember, TCollection>(member: TMember, collection: TCollection) {
  const response = {
    description:
      'Collection (hydra:Collection with Accept: application/ld+json, else a bare array); with ' +
      '`properties[]` each member holds only the properties asked for',
    content: {
      'application/ld+json': { schema: collection },
      'application/json': { schema: member },
    },
  };
  registerCollectionMember(response, member);
  return response;
}
