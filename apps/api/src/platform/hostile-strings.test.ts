import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inspectJson,
  MAX_JSON_DEPTH,
  registerHostileInputGuard,
  stringFault,
} from './hostile-strings.ts';
import { registerProblemErrors } from './problem-errors.ts';

describe('stringFault', () => {
  it('finds NUL bytes and unpaired surrogates, and nothing else', () => {
    expect(stringFault('a\u0000b')).toBe('nul');
    expect(stringFault('\uD800')).toBe('lone-surrogate');
    expect(stringFault('x\uDFFFy')).toBe('lone-surrogate');
    expect(stringFault('\uDC00\uD800')).toBe('lone-surrogate');
    expect(stringFault('emoji 😀, 日本€, \u0001\u001F\uFFFD')).toBeUndefined();
    expect(stringFault('')).toBeUndefined();
  });
});

describe('inspectJson', () => {
  it('reports the path of the first bad value or key, in document order', () => {
    expect(inspectJson({ a: ['ok', { b: 'x\u0000' }], c: '\uD800' })).toEqual({
      fault: 'nul',
      path: ['a', 1, 'b'],
    });
    expect(inspectJson({ ok: 1, 'k\uD800': 2 })).toEqual({
      fault: 'lone-surrogate',
      path: ['k\uD800'],
    });
    expect(inspectJson({ a: [1, true, null, 'fine', { b: 2.5 }] })).toBeUndefined();
    expect(inspectJson('top\u0000')).toEqual({ fault: 'nul', path: [] });
  });

  it('bounds depth without recursion, however deep the value', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 1_000_000; level += 1) deep = [deep];
    expect(inspectJson(deep)).toMatchObject({ fault: 'too-deep' });

    let fits: unknown = 'leaf';
    for (let level = 0; level < MAX_JSON_DEPTH; level += 1) fits = { a: fits };
    expect(inspectJson(fits)).toBeUndefined();
    expect(inspectJson({ wrap: fits })).toMatchObject({ fault: 'too-deep' });
  });
});

describe('the edge hooks', () => {
  let app: FastifyInstance;
  const seen: unknown[] = [];

  beforeAll(async () => {
    const instance = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    registerProblemErrors(instance, { spaFallback: null });
    registerHostileInputGuard(instance);
    instance.addContentTypeParser('application/xml', { parseAs: 'buffer' }, (_r, body, done) =>
      done(null, body),
    );
    await instance.register(async (child) => {
      // Route hooks run after the root's: a bad string never reaches one.
      child.addHook('onRequest', async (request) => {
        seen.push(request.url);
      });
      child.post('/things/:name', { schema: { body: z.unknown() } }, async (request) => ({
        ok: true,
        body: Buffer.isBuffer(request.body) ? 'bytes' : 'json',
      }));
    });
    await instance.ready();
    app = instance;
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 400 for a bad path parameter, query value or header before route hooks', async () => {
    const responses = await Promise.all([
      app.inject({ method: 'POST', url: '/things/a%00', payload: {} }),
      app.inject({ method: 'POST', url: '/things/a?q=%00', payload: {} }),
      app.inject({
        method: 'POST',
        url: '/things/a',
        headers: { 'x-any': 'a\u0000' },
        payload: {},
      }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([400, 400, 400]);
    expect(responses.map((response) => response.json().violations[0].propertyPath)).toEqual([
      'name',
      'q',
      'x-any',
    ]);
    expect(responses[0]!.json().detail).toBe(
      'Invalid path: name: This value contains a NUL character (U+0000).',
    );
    expect(seen).toEqual([]);
  });

  it('answers 422 naming the body field, 400 for a body nested too deep', async () => {
    const field = await app.inject({
      method: 'POST',
      url: '/things/a',
      headers: { 'content-type': 'application/json' },
      payload: '{"lines":[{"text":"ok"},{"text":"\\ud800"}]}',
    });
    expect(field.statusCode).toBe(422);
    expect(field.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(field.json().violations).toEqual([
      {
        propertyPath: 'lines.1.text',
        message: 'This value contains an unpaired surrogate (not valid Unicode).',
        code: 'invalid',
      },
    ]);

    const string = await app.inject({
      method: 'POST',
      url: '/things/a',
      headers: { 'content-type': 'application/json' },
      payload: '"\\u0000"',
    });
    expect(string.statusCode).toBe(422);

    const deep = await app.inject({
      method: 'POST',
      url: '/things/a',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().detail).toBe(`JSON body nested deeper than ${MAX_JSON_DEPTH} levels.`);
  });

  it('leaves raw bodies (XML bytes, plain text) to their readers', async () => {
    const xml = await app.inject({
      method: 'POST',
      url: '/things/a',
      headers: { 'content-type': 'application/xml' },
      payload: '<a>\u0000</a>',
    });
    expect(xml.json()).toEqual({ ok: true, body: 'bytes' });
    const text = await app.inject({
      method: 'POST',
      url: '/things/a',
      headers: { 'content-type': 'text/plain' },
      payload: 'a\u0000',
    });
    expect(text.statusCode).toBe(200);
  });
});
