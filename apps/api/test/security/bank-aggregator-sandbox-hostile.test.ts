import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { obSandboxSessions } from '../../src/db/schema/index.ts';
import { createTestApp } from '../test-app.ts';
import { hostileQueryStrings, hostileRawBodies, hostileStrings } from './hostile-catalogue.ts';

/*
 * The aggregator sandbox's hosted pages (`/api/ob-sandbox`: the connect flow and the payment
 * page) are the aggregator's, left out of the API's OpenAPI document, so the OpenAPI walk does not
 * reach them: each is walked here with the hostile catalogue in its link and as its form fields
 * and raw bodies. Each answer is a page (2xx, 3xx, 4xx), never a 5xx or a hang, and a live flow
 * is not moved by garbage.
 */

const ROLES = { ob: ['ROLE_USER'], common: ['ROLE_USER'] };
const t = await createTestApp();
afterAll(() => t.close());

const user = await t.createUser({ roles: ROLES });
const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.request({ method, url: `/api/ob${url}`, token: user.token, payload });
await call('POST', '/business-registry', {
  fiscalId: '12345678903',
  email: 'hostile@example.test',
  businessName: 'Hostile SRL',
});
await call('PUT', '/business-registry/12345678903', { businessName: 'Hostile SRL', enabled: true });
const { connectUrl } = (
  await call('POST', '/business-registry/12345678903/connect', {})
).json() as {
  connectUrl: string;
};
const live = new URL(connectUrl).pathname;
const token = live.split('/').pop()!;

const ROUTES: [string, string][] = [
  ['GET', '/api/ob-sandbox/connect/:token'],
  ['POST', '/api/ob-sandbox/connect/:token/bank'],
  ['POST', '/api/ob-sandbox/connect/:token/login'],
  ['POST', '/api/ob-sandbox/connect/:token/otp'],
  ['POST', '/api/ob-sandbox/connect/:token/accounts'],
  ['POST', '/api/ob-sandbox/connect/:token/consent'],
  ['GET', '/api/ob-sandbox/pay/:token'],
  ['POST', '/api/ob-sandbox/pay/:token'],
];

const encoded = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

describe('the aggregator sandbox’s hosted pages refuse hostile input, never fail', () => {
  it.each(ROUTES.map(([method, url]) => [`${method} ${url}`, method, url] as const))(
    '%s',
    async (_name, method, url) => {
      const failures: string[] = [];
      const attempt = async (what: string, options: Parameters<typeof t.request>[0]) => {
        const started = Date.now();
        const response = await t.request(options);
        const ms = Date.now() - started;
        if (response.statusCode >= 500 || ms > 2000)
          failures.push(
            `${what}: ${response.statusCode} in ${ms} ms ${response.body.slice(0, 200)}`,
          );
      };
      for (const { label, value } of hostileQueryStrings()) {
        await attempt(`link ${label}`, {
          method: method as 'GET',
          url: url.replace(':token', encoded(value)),
        });
      }
      if (method === 'POST') {
        const at = url.replace(':token', token);
        for (const { label, value } of hostileStrings()) {
          const form = new URLSearchParams();
          for (const name of [
            'bank',
            'username',
            'password',
            'code',
            'account',
            'decision',
            'days',
            'payerName',
            'payerIban',
          ])
            form.append(name, value);
          await attempt(`form ${label}`, {
            method: 'POST',
            url: at,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: form.toString(),
          });
        }
        await attempt('form 17 KiB', {
          method: 'POST',
          url: at,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `username=${'a'.repeat(17 * 1024)}`,
        });
        await attempt('form with a thousand accounts', {
          method: 'POST',
          url: at,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: Array.from({ length: 1000 }, () => 'account=current').join('&'),
        });
        for (const { label, contentType, body } of hostileRawBodies()) {
          await attempt(`raw ${label}`, {
            method: 'POST',
            url: at,
            headers: { 'content-type': contentType },
            payload: body,
          });
        }
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );

  it('a live flow is not moved by garbage: it still asks for its bank', async () => {
    const [session] = await t.db
      .select()
      .from(obSandboxSessions)
      .where(eq(obSandboxSessions.kind, 'connect'));
    expect(session!.status).toBe('open');
    expect(session!.state).toEqual({ step: 'bank' });
    const page = await t.request({ method: 'GET', url: live });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fakebank Simple');
  });
});
