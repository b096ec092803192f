import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordChangeRequestSchema } from '@fiscus/contracts';
import {
  answerClientError,
  HttpProblem,
  registerProblemErrors,
  sendFrameworkError,
  unprocessable,
  violation,
} from './problem-errors.ts';

let app: FastifyInstance;

beforeAll(async () => {
  const instance = Fastify({
    logger: false,
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  registerProblemErrors(instance, { spaFallback: null });
  instance.get('/bug', async () => {
    throw new Error('connection string postgres://admin:hunter2@db/prod failed at /srv/app.ts:12');
  });
  instance.get('/teapot', async () => {
    throw new HttpProblem(418, 'Short and stout');
  });
  instance.post('/password', { schema: { body: passwordChangeRequestSchema } }, async () => 'ok');
  instance.get(
    '/items',
    { schema: { querystring: z.object({ page: z.coerce.number().int().min(1) }) } },
    async () => 'ok',
  );
  instance.get('/things/:id', async () => 'ok');
  instance.post('/rule', async () => {
    throw unprocessable([violation('target', 'Taken.', 'already_used')]);
  });
  instance.get(
    '/bad-response',
    { schema: { response: { 200: z.object({ n: z.number() }) } } },
    async () => ({
      n: 'not a number' as unknown as number,
    }),
  );
  await instance.ready();
  app = instance;
});
afterAll(async () => {
  await app.close();
});

describe('problem+json errors', () => {
  it('turns a thrown bug into a 500 without internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toEqual({
      type: '/errors/500',
      title: 'Internal Server Error',
      status: 500,
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('app.ts');
  });

  it('keeps a response that breaks its own schema from leaking (500)', async () => {
    const response = await app.inject({ method: 'GET', url: '/bad-response' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('not a number');
  });

  it('renders an HttpProblem with its status and detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/teapot' });
    expect(response.statusCode).toBe(418);
    expect(response.json()).toMatchObject({
      status: 418,
      detail: 'Short and stout',
      type: '/errors/418',
    });
  });

  it('maps body validation to 422 with snake_case violations and the spec messages', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/password',
      payload: { password: 'short', password_confirm: 'short' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      status: 422,
      violations: [
        {
          propertyPath: 'password',
          message: 'This value is too short. It should have 8 characters or more.',
          code: 'too_short',
        },
      ],
    });

    const missing = await app.inject({ method: 'POST', url: '/password', payload: {} });
    expect(missing.json().violations).toContainEqual({
      propertyPath: 'password',
      message: 'Password is required',
      code: 'is_blank',
    });

    const mismatch = await app.inject({
      method: 'POST',
      url: '/password',
      payload: { password: 'long enough', password_confirm: 'different!' },
    });
    expect(mismatch.json().violations).toEqual([
      { propertyPath: 'password_confirm', message: 'Passwords do not match', code: 'not_equal' },
    ]);
  });

  it('maps query validation to a 400 problem', async () => {
    const response = await app.inject({ method: 'GET', url: '/items?page=0' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, violations: [{ propertyPath: 'page' }] });
  });

  it('renders a service violation as 422', async () => {
    const response = await app.inject({ method: 'POST', url: '/rule' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      title: 'An error occurred',
      detail: 'target: Taken.',
      violations: [{ propertyPath: 'target', message: 'Taken.', code: 'already_used' }],
    });
  });

  it('answers malformed JSON with 400 and an unknown route with 404', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/password',
      headers: { 'content-type': 'application/json' },
      payload: '{"password": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, detail: 'Malformed JSON body.' });

    const unknown = await app.inject({ method: 'GET', url: '/nowhere?x=1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, detail: 'No route matches GET /nowhere' });
  });
});

describe('refusals made before any route runs', () => {
  it('answers a bad percent-encoding and an over-long path parameter as problem+json', async () => {
    const badUrl = await app.inject({ method: 'GET', url: '/things/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(badUrl.json()).toEqual({
      type: '/errors/400',
      title: 'Bad Request',
      status: 400,
      detail: 'The URL is not valid percent-encoded UTF-8.',
    });

    const long = await app.inject({ method: 'GET', url: `/things/${'x'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(long.json()).toMatchObject({ status: 414, detail: 'A path parameter is too long.' });
    expect(long.body).not.toContain('xxxx');
  });

  it('answers what the HTTP parser refuses as problem+json on the socket', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => {
          answer += chunk;
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });

    const badHeader = await raw('GET /teapot HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n');
    const [head, body] = badHeader.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toContain('Content-Type: application/problem+json');
    expect(head).toContain('Connection: close');
    expect(JSON.parse(body ?? '')).toEqual({
      type: '/errors/400',
      title: 'Bad Request',
      status: 400,
      detail: 'The request is not valid HTTP.',
    });

    const overflow = await raw(`GET /teapot HTTP/1.1\r\nX-A: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(overflow).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(overflow.split('\r\n\r\n')[1] ?? '')).toMatchObject({ status: 431 });
  });
});
