import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-app.ts';
import {
  hostileJsonValues,
  hostileQueryStrings,
  hostileRawBodies,
  hostileXmlBodies,
} from './hostile-catalogue.ts';

/*
 * The sandbox KSeF's HTTP face (`/api/ksef-sandbox/v2`) is left out of the API's OpenAPI document
 * (it is KSeF's API, not ours), so the OpenAPI walk does not reach it: every one of its routes is
 * walked here with the hostile catalogue — in its path parameters, as its JSON or XML body, with
 * and without a bearer token. Each answer is a KSeF refusal (4xx), never a 5xx or a hang.
 */

const t = await createTestApp();
afterAll(() => t.close());

const routes: { method: string; url: string }[] = [];
// KSeF's paths this sandbox answers (a path it does not mount is left out, not failed).
const table = t.app as unknown as { hasRoute: (route: { method: string; url: string }) => boolean };
const CANDIDATES: [string, string][] = [
  ['GET', '/security/public-key-certificates'],
  ['POST', '/auth/challenge'],
  ['POST', '/auth/xades-signature'],
  ['POST', '/auth/ksef-token'],
  ['GET', '/auth/:referenceNumber'],
  ['POST', '/auth/token/redeem'],
  ['POST', '/auth/token/refresh'],
  ['GET', '/tokens'],
  ['POST', '/tokens'],
  ['POST', '/sessions/online'],
  ['POST', '/sessions/online/:referenceNumber/invoices'],
  ['POST', '/sessions/online/:referenceNumber/close'],
  ['GET', '/sessions/:referenceNumber'],
  ['GET', '/sessions/:referenceNumber/invoices/:invoiceReferenceNumber'],
  ['GET', '/sessions/:referenceNumber/invoices/ksef/:ksefNumber/upo'],
  ['GET', '/sessions/:referenceNumber/upo/:upoReferenceNumber'],
  ['GET', '/invoices/ksef/:ksefNumber'],
  ['POST', '/invoices/query/metadata'],
  ['GET', '/certificates/limits'],
  ['GET', '/certificates/enrollments/data'],
  ['POST', '/certificates/enrollments'],
  ['GET', '/certificates/enrollments/:referenceNumber'],
  ['POST', '/certificates/retrieve'],
  ['POST', '/certificates/query'],
];
for (const [method, path] of CANDIDATES) {
  const url = `/api/ksef-sandbox/v2${path}`;
  if (table.hasRoute({ method, url })) routes.push({ method, url });
}

const SAMPLE =
  '<AuthTokenRequest xmlns="http://ksef.mf.gov.pl/auth/token/2.0"><Challenge>x</Challenge></AuthTokenRequest>';

describe('the sandbox KSeF refuses hostile input, never fails', () => {
  it('has its routes mounted', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s',
    async (_name, route) => {
      const failures: string[] = [];
      const attempt = async (what: string, options: Parameters<typeof t.request>[0]) => {
        const started = Date.now();
        const response = await t.request(options);
        const ms = Date.now() - started;
        if (response.statusCode >= 500 || ms > 2000) {
          failures.push(
            `${what}: ${response.statusCode} in ${ms} ms ${response.body.slice(0, 200)}`,
          );
        }
      };
      const params = route.url.match(/:\w+/g) ?? [];
      // Every byte percent-encoded (a lone surrogate has no encodeURIComponent).
      const encoded = (value: string) =>
        [...Buffer.from(value, 'utf8')]
          .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
          .join('');
      const fill = (value: string) =>
        params.reduce((url, param) => url.replace(param, encoded(value)), route.url);
      for (const { label, value } of hostileQueryStrings().slice(0, 12)) {
        if (params.length > 0) {
          await attempt(`path ${label}`, {
            method: route.method as 'GET',
            url: fill(value),
            token: 'x',
          });
        }
      }
      const url = fill('20250625-EE-0000000000-0000000000-00');
      if (route.method === 'POST') {
        for (const { label, value } of hostileJsonValues()) {
          await attempt(`json ${label}`, {
            method: 'POST',
            url,
            payload: JSON.stringify(value),
            headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-token' },
          });
        }
        for (const { label, contentType, body } of hostileRawBodies()) {
          await attempt(`raw ${label}`, {
            method: 'POST',
            url,
            payload: body,
            headers: { 'content-type': contentType },
          });
        }
        for (const { label, body } of hostileXmlBodies(SAMPLE).slice(0, 10)) {
          await attempt(`xml ${label}`, {
            method: 'POST',
            url,
            payload: body,
            headers: { 'content-type': 'application/xml' },
          });
        }
      } else {
        await attempt('no token', { method: 'GET', url });
        await attempt('bad token', {
          method: 'GET',
          url,
          headers: { authorization: 'Bearer \u00ff' },
        });
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
