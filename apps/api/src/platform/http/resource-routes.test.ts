import fastifyAccepts from '@fastify/accepts';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paginationQuerySchema } from '@fiscus/contracts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Actor } from '../auth.ts';
import { forbidden, registerProblemErrors } from '../problem-errors.ts';
import { collectionRoute, itemRoute, noContentRoute, resourceRoutes } from './resource-routes.ts';

const noteSchema = z.object({ id: z.string(), text: z.string() });
const noteRequestSchema = z.object({ text: z.string().min(1) });
const noteParamsSchema = z.object({ id: z.string() });

/** A resource of notes held in memory; only actors with `ROLE_NOTES` in `common` may use it. */
function notesResource(calls: string[]) {
  const notes = new Map<string, string>([['a', 'first']]);
  return resourceRoutes({
    tags: ['test: notes'],
    access: (actor: Actor) => {
      if (!actor.roles.common?.includes('ROLE_NOTES')) throw forbidden('Notes need ROLE_NOTES.');
    },
    routes: () => [
      collectionRoute('/notes', {
        querystring: paginationQuerySchema,
        member: noteSchema,
        handle: async ({ query }) => {
          calls.push('list');
          const items = [...notes].map(([id, text]) => ({ id, text }));
          return { items, total: items.length, page: query.page ?? 1, itemsPerPage: 30 };
        },
      }),
      itemRoute('POST', '/notes', {
        body: noteRequestSchema,
        response: noteSchema,
        status: 201,
        handle: ({ body }) => {
          calls.push('create');
          notes.set('b', body.text);
          return { id: 'b', text: body.text };
        },
      }),
      noContentRoute('DELETE', '/notes/:id', {
        params: noteParamsSchema,
        handle: async ({ params }) => {
          calls.push('delete');
          notes.delete(params.id);
        },
      }),
    ],
  });
}

let app: FastifyInstance;
const calls: string[] = [];

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifyAccepts);
  registerProblemErrors(app, { spaFallback: null });
  // The test's authenticate: the `x-roles` header is the actor's `common` roles; none → 401.
  app.decorateRequest('actor', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const roles = request.headers['x-roles'];
    if (typeof roles !== 'string') return;
    request.actor = {
      user: { id: 'u1', parentId: null } as UserRow,
      roles: { common: roles.split(',') },
      impersonator: null,
    };
  });
  await app.register(notesResource(calls), { prefix: '/api' });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const allowed = { 'x-roles': 'ROLE_NOTES' };
const refused = { 'x-roles': 'ROLE_USER' };

describe('resourceRoutes', () => {
  it('answers a collection as a bare array or, with ld+json, as a hydra collection', async () => {
    const json = await app.inject({ url: '/api/notes', headers: allowed });
    expect(json.json()).toEqual([{ id: 'a', text: 'first' }]);
    const hydra = await app.inject({
      url: '/api/notes',
      headers: { ...allowed, accept: 'application/ld+json' },
    });
    expect(hydra.headers['content-type']).toContain('application/ld+json');
    expect(hydra.json()).toMatchObject({ 'hydra:totalItems': 1, 'hydra:member': [{ id: 'a' }] });
  });

  it('checks the access rule before the service, after the contract', async () => {
    calls.length = 0;
    const forbiddenCall = await app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: refused,
      payload: { text: 'x' },
    });
    expect(forbiddenCall.statusCode).toBe(403);
    expect(forbiddenCall.headers['content-type']).toContain('application/problem+json');
    // A malformed request is refused by its contract whoever sends it.
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: refused,
      payload: { text: '' },
    });
    expect(malformed.statusCode).toBe(422);
    expect(calls).toEqual([]);
  });

  it('needs an authenticated actor on every route', async () => {
    expect((await app.inject({ url: '/api/notes' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/api/notes/a' })).statusCode).toBe(401);
  });

  it('answers create with its status and delete with 204 and no body', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/notes',
      headers: allowed,
      payload: { text: 'second' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 'b', text: 'second' });
    const deleted = await app.inject({ method: 'DELETE', url: '/api/notes/b', headers: allowed });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
  });

  it('validates the collection query once, by its schema (property filter included)', async () => {
    const bad = await app.inject({ url: '/api/notes?page=0', headers: allowed });
    expect(bad.statusCode).toBe(400);
    const projected = await app.inject({
      url: '/api/notes?properties[]=id',
      headers: allowed,
    });
    expect(projected.json()).toEqual([{ id: 'a' }]);
  });
});
