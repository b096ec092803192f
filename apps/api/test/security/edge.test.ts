import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { MAX_ITEMS_PER_PAGE } from '@fiscus/contracts';
import { itInvoices, users } from '../../src/db/schema/index.ts';
import { ALL_IT_ROLES, createAlpha, sample, sendXml } from '../../src/services/it/it-test-kit.ts';
import type { TestApp } from '../test-app.ts';
import { createTestApp } from '../test-app.ts';

/**
 * Hostile input at the edge (issue 17): NUL bytes and lone surrogates anywhere, non-UUID text in
 * uuid filters, impossible dates, deep or poisoned JSON, and every refusal the framework itself
 * makes: each is a 4xx problem+json, never a 500, and nothing is stored.
 */

let t: TestApp;
let token: string;
let userId: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const alpha = await createAlpha(t, {
    common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'],
    it: ALL_IT_ROLES,
  });
  token = alpha.token;
  userId = alpha.user.id;
  adminToken = (await t.createUser({ roles: { common: ['ROLE_USER', 'ROLE_ADMIN'] } })).token;
});
afterAll(async () => {
  await t?.close();
});

function expectProblem(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = response.json<{ status: number; type: string; title: string }>();
  expect(problem).toMatchObject({ status, type: `/errors/${status}` });
  return problem as { status: number; detail?: string; violations?: { propertyPath: string }[] };
}

const get = (url: string, headers: Record<string, string> = {}, as = token) =>
  t.request({ method: 'GET', url, token: as, headers: { accept: 'application/json', ...headers } });

describe('NUL bytes and lone surrogates are refused at the edge', () => {
  it.each([
    ['/api/it/invoices?invoiceNumber=a%00b', 'invoiceNumber'],
    ['/api/it/invoices?sender.businessName=%00', 'sender.businessName'],
    ['/api/it/invoices?sender.fiscalId=IT%00', 'sender.fiscalId'],
    ['/api/it/invoices/draft?uuid[]=%00', 'uuid[]'],
    ['/api/common/pre-sale-actions?target=x%00', 'target'],
    ['/api/it/business-registry-configurations?name=%00', 'name'],
    ['/api/it/invoices?a%00b=1', 'a\uFFFDb'],
  ])('query %s → 400', async (url, propertyPath) => {
    const problem = expectProblem(await get(url), 400);
    if (propertyPath) expect(problem.violations?.[0]?.propertyPath).toBe(propertyPath);
  });

  it('refuses a NUL in the outbox filter', async () => {
    expectProblem(await get('/api/dev/outbox?to=a%00@x.it', {}, adminToken), 400);
  });

  it('never lets percent-encoded surrogates through as text', async () => {
    // `%ED%A0%80` (U+D800 written as if it were UTF-8) is not UTF-8: no lone surrogate results.
    const response = await get('/api/it/invoices?invoiceNumber=%ED%A0%80');
    expect(response.statusCode).toBeLessThan(500);
  });

  it('refuses a NUL in a path parameter', async () => {
    const problem = expectProblem(await get('/api/it/business-registry-configurations/a%00b'), 400);
    expect(problem.violations?.[0]?.propertyPath).toBe('id');
    expectProblem(
      await t.request({
        method: 'DELETE',
        url: '/api/common/users/me/accounts/x%00@example.test',
        token,
      }),
      400,
    );
  });

  it('refuses a NUL in X-Switch-User before any account lookup', async () => {
    const problem = expectProblem(
      await get('/api/common/users/me', { 'x-switch-user': 'a\u0000@example.test' }, adminToken),
      400,
    );
    expect(problem.violations?.[0]?.propertyPath).toBe('x-switch-user');
  });

  it('answers 422 naming the field for a body string, and stores nothing', async () => {
    const before = await t.db.select().from(users).where(eq(users.id, userId));
    for (const payload of [
      '{"fullname":"Mario\\u0000Rossi"}',
      '{"fullname":"Mario\\ud800"}',
      '{"fullname":"\\udfffRossi"}',
      '{"fullname":"ok","address":{"a\\u0000":"x"}}',
    ]) {
      const response = await t.request({
        method: 'PUT',
        url: '/api/common/users/me/profile',
        token,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      const problem = expectProblem(response, 422);
      expect(problem.violations?.[0]?.propertyPath).toMatch(/^(fullname|address\.a\uFFFD)$/);
    }
    const after = await t.db.select().from(users).where(eq(users.id, userId));
    expect(after).toEqual(before);
  });

  it('names the array index of a bad string in a nested body', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/it/business-registry-configurations',
      token,
      payload: {
        fiscal_id: '01234567890',
        receipts_alert_recipients: ['a@example.test', 'b\u0000@example.test'],
      },
    });
    const problem = expectProblem(response, 422);
    expect(problem.violations).toEqual([
      expect.objectContaining({ propertyPath: 'receipts_alert_recipients.1' }),
    ]);
  });

  it('bounds the registry emails and links like every stored email', async () => {
    const long = `${'a'.repeat(250)}@example.test`;
    for (const payload of [
      { fiscal_id: '01234567890', receipts_alert_recipients: [long] },
      { fiscal_id: '01234567890', api_configurations: ['x'.repeat(300)] },
    ]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/it/business-registry-configurations',
        token,
        payload,
      });
      expect(expectProblem(response, 422).violations?.[0]?.propertyPath).toMatch(
        /^(receipts_alert_recipients|api_configurations)\.0/,
      );
    }
  });

  it('leaves XML bodies to the XML reader', async () => {
    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml');
    const valid = await sendXml(t, token, xml, {}, '/api/it/invoices/validate');
    expect(valid.statusCode, valid.body).toBe(200);
    const withNul = await sendXml(
      t,
      token,
      xml.replace('<Divisa>', '<Divisa>&#x0;'),
      {},
      '/api/it/invoices/validate',
    );
    expect(withNul.statusCode).toBeGreaterThanOrEqual(400);
    expect(withNul.statusCode).toBeLessThan(500);
  });
});

describe('drafts hold what the schema would refuse, without a 500', () => {
  const xml = () => sample('official/v1.2.2/IT01234567890_FPR01.xml');
  const draft = async (body: string) => {
    const response = await sendXml(t, token, body, {}, '/api/it/invoices/draft');
    expect(response.statusCode, response.body).toBe(201);
    const { uuid } = response.json<{ uuid: string }>();
    const [row] = await t.db.select().from(itInvoices).where(eq(itInvoices.uuid, uuid));
    return row!;
  };

  it('an impossible invoice date is kept in the document, not in the date column', async () => {
    const row = await draft(xml().replace('<Data>2014-12-18</Data>', '<Data>2026-02-30</Data>'));
    expect(row.invoiceDate).toBeNull();
    expect(JSON.stringify(row.payload)).toContain('2026-02-30');
  });

  it('a total past numeric(18, 2), or written with an exponent, is no total', async () => {
    const withTotal = (total: string) =>
      xml().replace('</Data>', `</Data><ImportoTotaleDocumento>${total}</ImportoTotaleDocumento>`);
    expect((await draft(withTotal('99999999999999999.00'))).invoiceTotal).toBeNull();
    const started = Date.now();
    expect((await draft(withTotal('1e999999999'))).invoiceTotal).toBe('0.00');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('JSON bodies: depth and prototype keys', () => {
  const post = (payload: string) =>
    t.request({
      method: 'PUT',
      url: '/api/common/users/me/profile',
      token,
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('refuses JSON nested 10,000 (and 65) levels deep with 400', async () => {
    for (const depth of [10_000, 65]) {
      const deep = `{"fullname":"x","a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const problem = expectProblem(await post(deep), 400);
      expect(problem.detail).toMatch(/deeper than 64/);
    }
    const objects = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    expectProblem(await post(objects), 400);
    // 64 levels pass the edge (and then fail the contract, as any unknown shape does).
    const allowed = `{"fullname":${'['.repeat(63)}${']'.repeat(63)}}`;
    expect((await post(allowed)).statusCode).toBe(422);
  });

  it('refuses __proto__ and constructor.prototype keys with 400', async () => {
    expectProblem(await post('{"fullname":"x","__proto__":{"admin":true}}'), 400);
    expectProblem(await post('{"fullname":"x","constructor":{"prototype":{"admin":true}}}'), 400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('uuid filters', () => {
  it.each([
    '/api/it/invoices?uuid[]=abc',
    '/api/it/invoices?uuid[]=00000000-0000-0000-0000-00000000000g',
    '/api/it/invoices/draft?uuid[]=abc&uuid[]=def',
    '/api/common/pre-sale-actions?pre_sale_uuid=abc',
    '/api/common/pre-sale-actions?pre_sale_uuid[]=1',
  ])('%s → 400', async (url) => {
    expectProblem(await get(url), 400);
  });

  it('still filters by real uuids', async () => {
    const uuid = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    for (const url of [
      `/api/it/invoices?uuid[]=${uuid}`,
      `/api/it/invoices?uuid[]=${uuid}&uuid[]=${uuid.toUpperCase()}`,
      `/api/common/pre-sale-actions?pre_sale_uuid=${uuid}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.json()).toEqual([]);
    }
  });
});

describe('dates', () => {
  it.each([
    'createdAt[after]=2026-02-30',
    'createdAt[after]=2026-13-45',
    'createdAt[before]=2025-02-29',
    'invoiceDate[strictly_after]=2026-04-31',
    'createdAt[after]=2026-01-31T24:00',
    'createdAt[after]=2026-01-31T10:60',
    'createdAt[after]=2026-01-31T10:00:00%2B25:00',
    'createdAt[after]=0000-01-01',
  ])('%s → 400', async (query) => {
    const problem = expectProblem(await get(`/api/it/invoices?${query}`), 400);
    expect(problem.violations?.[0]?.propertyPath).toBe(query.split('=')[0]);
  });

  it.each([
    'createdAt[after]=2024-02-29',
    'createdAt[after]=2000-02-29',
    'createdAt[after]=2026-01-31T23:59:59.999%2B01:00',
    'createdAt[before]=2026-01-31 10:00',
    'createdAt[after]=0001-01-01',
    'invoiceDate[before]=9999-12-31',
  ])('%s → 200', async (query) => {
    const response = await get(`/api/it/invoices?${query}`);
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('pages', () => {
  it('answers the largest page numbers without a 500', async () => {
    const response = await get('/api/it/invoices?page=9007199254740991&itemsPerPage=100');
    expect(response.statusCode, response.body).toBe(200);
    expectProblem(await get('/api/it/invoices?page=9007199254740992'), 400);
  });

  it('states the itemsPerPage maximum on every collection of the OpenAPI document', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; schema: object }[] }>>;
    }>();
    const collections = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.name === 'itemsPerPage')
          .map((parameter) => ({ at: `${method} ${path}`, schema: parameter.schema })),
      ),
    );
    expect(collections.length).toBeGreaterThanOrEqual(8);
    for (const { at, schema } of collections) {
      expect(schema, at).toMatchObject({
        type: 'integer',
        minimum: 1,
        maximum: MAX_ITEMS_PER_PAGE,
      });
    }
  });
});

describe('every refusal is problem+json', () => {
  it('a path parameter past the limit → 414, a 255-character email is not', async () => {
    expectProblem(await get(`/api/it/invoices/${'a'.repeat(1100)}`), 414);
    const email = `${'a'.repeat(240)}@example.test`;
    const response = await t.request({
      method: 'GET',
      url: `/api/common/users/me/accounts/${encodeURIComponent(email)}`,
      token,
    });
    expectProblem(response, 404);
  });

  it('bad percent-encoding in the path → 400', async () => {
    expectProblem(await get('/api/it/invoices/%E0%A4%A'), 400);
  });

  it('malformed, empty or unsupported bodies', async () => {
    const send = (contentType: string, payload: string) =>
      t.request({
        method: 'PUT',
        url: '/api/common/users/me/profile',
        token,
        headers: { 'content-type': contentType },
        payload,
      });
    expectProblem(await send('application/json', '{"fullname": '), 400);
    expectProblem(await send('application/json', ''), 400);
    expectProblem(await send('application/x-www-form-urlencoded', 'a=b'), 415);
    expectProblem(await send('application/json', `"${'a'.repeat(11 * 1024 * 1024)}"`), 413);
  });

  it('unknown routes and methods', async () => {
    expectProblem(await get('/api/nowhere'), 404);
    expectProblem(await t.request({ method: 'DELETE', url: '/api/health' }), 404);
  });

  describe('over a real socket', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as { port: number }).port;
    });

    function raw(request: string): Promise<string> {
      return new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk: string) => {
          answer += chunk;
        });
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
        setTimeout(() => socket.destroy(), 5_000);
      });
    }

    function expectRawProblem(answer: string, status: number) {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(head.toLowerCase()).toContain('content-type: application/problem+json');
      expect(JSON.parse(body)).toMatchObject({ status, type: `/errors/${status}` });
    }

    it('a NUL in a header, a bad method, oversized headers', async () => {
      expectRawProblem(
        await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Switch-User: a\u0000b\r\n\r\n'),
        400,
      );
      expectRawProblem(await raw('GET\u0000 / HTTP/1.1\r\n\r\n'), 400);
      expectRawProblem(
        await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: ${'a'.repeat(20_000)}\r\n\r\n`),
        431,
      );
    });

    it('a long path parameter and a bad URL encoding', async () => {
      expectRawProblem(
        await raw(
          `GET /api/it/invoices/${'a'.repeat(1100)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
        ),
        414,
      );
      expectRawProblem(
        await raw('GET /api/it/invoices/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
        400,
      );
    });
  });
});
