import fastifyAccepts from '@fastify/accepts';
import Fastify from 'fastify';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { toHydraCollection, wantsJsonLd } from './hydra.ts';

const request = (url: string) => ({ url, headers: {} }) as FastifyRequest;

/** `wantsJsonLd` of a real request, `Accept` read by @fastify/accepts as in the app. */
async function wantsJsonLdFor(accept?: string): Promise<boolean> {
  const app = Fastify();
  await app.register(fastifyAccepts);
  app.get('/x', (req) => ({ jsonLd: wantsJsonLd(req) }));
  const response = await app.inject({ url: '/x', headers: accept ? { accept } : {} });
  await app.close();
  return (response.json() as { jsonLd: boolean }).jsonLd;
}

describe('content negotiation and links', () => {
  it('picks ld+json only when preferred', async () => {
    expect(await wantsJsonLdFor('application/ld+json')).toBe(true);
    expect(await wantsJsonLdFor('application/json, application/ld+json;q=0.5')).toBe(false);
    expect(await wantsJsonLdFor('application/json;q=0.2, application/ld+json')).toBe(true);
    expect(await wantsJsonLdFor('application/ld+json, application/json')).toBe(true);
    expect(await wantsJsonLdFor('*/*')).toBe(false);
    expect(await wantsJsonLdFor('text/html')).toBe(false);
    expect(await wantsJsonLdFor()).toBe(false);
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
