import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { desc } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { parseCollectionQuery, toHydraCollection, wantsJsonLd } from './hydra.ts';
import { HttpProblem } from './problem-errors.ts';

const definition = {
  filters: { email: { kind: 'partial' as const, column: users.email } },
  order: { email: users.email },
  defaultOrder: [desc(users.createdAt)],
};

const request = (url: string, accept?: string) =>
  ({ url, headers: accept ? { accept } : {} }) as FastifyRequest;

describe('parseCollectionQuery', () => {
  it('defaults to page 1 of 30 and clamps itemsPerPage to 100', () => {
    expect(parseCollectionQuery({}, definition)).toMatchObject({
      page: 1,
      itemsPerPage: 30,
      offset: 0,
      where: undefined,
    });
    expect(parseCollectionQuery({ page: '3', itemsPerPage: '500' }, definition)).toMatchObject({
      page: 3,
      itemsPerPage: 100,
      offset: 200,
    });
    expect(
      parseCollectionQuery({ order: 'ignored', unknown: 'x' }, definition).orderBy,
    ).toHaveLength(1);
    expect(parseCollectionQuery({ 'order[email]': 'DESC' }, definition).orderBy).toHaveLength(2);
  });

  it('rejects bad values with a 400 problem listing them', () => {
    try {
      parseCollectionQuery({ page: '0', itemsPerPage: 'ten', 'order[email]': 'up' }, definition);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpProblem);
      const problem = (error as HttpProblem).toProblem();
      expect(problem.status).toBe(400);
      expect(problem.violations?.map((v) => v.propertyPath)).toEqual([
        'page',
        'itemsPerPage',
        'order[email]',
      ]);
    }
  });
});

describe('content negotiation and links', () => {
  it('picks ld+json only when preferred', () => {
    expect(wantsJsonLd(request('/x', 'application/ld+json'))).toBe(true);
    expect(wantsJsonLd(request('/x', 'application/json, application/ld+json;q=0.5'))).toBe(false);
    expect(wantsJsonLd(request('/x', 'application/json;q=0.2, application/ld+json'))).toBe(true);
    expect(wantsJsonLd(request('/x', '*/*'))).toBe(false);
    expect(wantsJsonLd(request('/x'))).toBe(false);
  });

  it('builds first/last/next/previous keeping the filters', () => {
    const collection = toHydraCollection(request('/api/things?email=a&page=2&itemsPerPage=10'), {
      items: [1, 2],
      total: 35,
      page: 2,
      itemsPerPage: 10,
    });
    expect(collection).toMatchObject({
      '@id': '/api/things',
      'hydra:totalItems': 35,
      'hydra:member': [1, 2],
      'hydra:view': {
        '@id': '/api/things?email=a&page=2&itemsPerPage=10',
        'hydra:first': '/api/things?email=a&page=1&itemsPerPage=10',
        'hydra:last': '/api/things?email=a&page=4&itemsPerPage=10',
        'hydra:next': '/api/things?email=a&page=3&itemsPerPage=10',
        'hydra:previous': '/api/things?email=a&page=1&itemsPerPage=10',
      },
    });
    const empty = toHydraCollection(request('/api/things'), {
      items: [],
      total: 0,
      page: 1,
      itemsPerPage: 30,
    });
    expect(empty['hydra:view']['hydra:last']).toBe('/api/things?page=1');
  });
});
