import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '@fiscus/contracts';
import type { TestApp } from '../test/test-app.ts';
import { createTestApp } from '../test/test-app.ts';

const dist = mkdtempSync(join(tmpdir(), 'fiscus-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>Fiscus console</title></head><body></body></html>',
);
writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("fiscus")');
// As the build leaves a large asset: beside its brotli and gzip copies (vite.config.ts).
const bigAsset = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};`;
writeFileSync(join(dist, 'assets', 'list-5678.js'), bigAsset);
writeFileSync(join(dist, 'assets', 'list-5678.js.br'), brotliCompressSync(bigAsset));
writeFileSync(join(dist, 'assets', 'list-5678.js.gz'), gzipSync(bigAsset));

let sandbox: TestApp;
let production: TestApp;

beforeAll(async () => {
  [sandbox, production] = await Promise.all([
    createTestApp({
      WEB_DIST_DIR: dist,
      CORS_ORIGINS: 'https://console.example.test, https://other.example.test',
      BODY_LIMIT: '2048',
    }),
    createTestApp({
      SANDBOX: 'false',
      SERVICE_URL_IT: 'https://it.api.example.test',
      PLATFORM_KEYS: '{"it":"api-sdi.example.test","common":"api.example.test"}',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([sandbox.close(), production.close()]);
  rmSync(dist, { recursive: true, force: true });
});

describe('runtime config and health', () => {
  it('serves /config.json with service URLs, platform keys and, in sandbox, the demo logins', async () => {
    const response = await sandbox.request({ method: 'GET', url: '/config.json' });
    expect(response.statusCode).toBe(200);
    const body = runtimeConfigSchema.parse(response.json());
    expect(body.services).toEqual({
      common: '/api/common',
      it: '/api/it',
      preservation: '/api/preservation',
      transfer: '/api/transfer',
      peppol: '/api/peppol',
      pl: '/api/pl',
      ob: '/api/ob',
    });
    expect(body.platformKeys.peppol_be).toBe('peppol_be');
    expect(body.sandbox).toBe(true);
    expect(body.demoLogins).toContainEqual(
      expect.objectContaining({ email: 'italy@demo.fiscus.test' }),
    );
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('takes service URLs and platform keys from the environment, and hides demo logins outside sandbox', async () => {
    const body = (await production.request({ method: 'GET', url: '/config.json' })).json();
    expect(body.services.it).toBe('https://it.api.example.test');
    expect(body.services.common).toBe('/api/common');
    expect(body.platformKeys).toMatchObject({
      it: 'api-sdi.example.test',
      common: 'api.example.test',
      pl: 'pl',
    });
    expect(body.sandbox).toBe(false);
    expect(body).not.toHaveProperty('demoLogins');
  });

  it('answers /api/health with ok', async () => {
    const response = await sandbox.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('keys token roles by the configured platform keys', async () => {
    const { token } = await production.createUser({
      roles: { it: ['ROLE_INVOICING'], common: ['ROLE_USER'] },
    });
    const me = (
      await production.request({ method: 'GET', url: '/api/common/users/me', token })
    ).json();
    expect(me.roles).toEqual({
      'api-sdi.example.test': ['ROLE_INVOICING'],
      'api.example.test': ['ROLE_USER'],
    });
  });
});

describe('HTTP platform', () => {
  it('returns a caller request id, or a generated one', async () => {
    const given = await sandbox.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const generated = await sandbox.request({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await sandbox.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a CSP the console can live with', async () => {
    const response = await sandbox.request({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const other = await production.request({ method: 'GET', url: '/api/health' });
    expect(String(other.headers['content-security-policy'])).toContain(
      'https://it.api.example.test',
    );
  });

  it('allows CORS only from configured origins', async () => {
    const preflight = await sandbox.request({
      method: 'OPTIONS',
      url: '/api/common/users/me',
      headers: {
        origin: 'https://console.example.test',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-switch-user',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://console.example.test');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-switch-user');

    const foreign = await sandbox.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.test' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers an unknown /api route with a 404 problem', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await sandbox.request({ method, url: '/api/common/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
    }
  });

  it('refuses an oversized body with 413 and writes nothing', async () => {
    const response = await sandbox.request({
      method: 'POST',
      url: '/api/common/ask-reset-password',
      payload: { email: `${'a'.repeat(4000)}@example.test` },
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ status: 413 });
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const response = await sandbox.request({
      method: 'POST',
      url: '/api/common/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "x@example.test", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, detail: 'Malformed JSON body.' });
  });

  it('serves the OpenAPI document generated from the contracts and the Swagger UI', async () => {
    const doc = (await sandbox.request({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/common/login',
      '/api/common/users/me',
      '/api/common/users/me/accounts/{email}',
      '/api/common/pre-sale-actions/{uuid}',
      '/api/it/users/me/recipient-code',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(
      doc.paths['/api/common/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    const ui = await sandbox.request({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('static console', () => {
  it('serves built files and falls back to index.html for client routes', async () => {
    const asset = await sandbox.request({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('fiscus');
    expect(asset.headers['cache-control']).toContain('immutable');

    for (const url of ['/', '/settings/sub-accounts?page=2', '/customer-invoice/abc/fix']) {
      const page = await sandbox.request({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('Fiscus console');
    }
  });

  it('sends index.html uncached, with the runtime configuration written into it', async () => {
    for (const url of ['/', '/customer-invoice?page=2', '/index.html']) {
      const page = await sandbox.request({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-store');
      const block =
        /<script type="application\/json" id="fiscus-runtime-config">(.*?)<\/script>/.exec(
          page.body,
        );
      const inlined = runtimeConfigSchema.parse(JSON.parse(block?.[1] ?? 'null'));
      const served = (await sandbox.request({ method: 'GET', url: '/config.json' })).json();
      expect(inlined).toEqual(served);
    }
  });

  it('sends the precompressed copy of an asset a browser accepts, plain to one that does not', async () => {
    const br = await sandbox.request({
      method: 'GET',
      url: '/assets/list-5678.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigAsset);

    const gzip = await sandbox.request({
      method: 'GET',
      url: '/assets/list-5678.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bigAsset);

    const plain = await sandbox.request({
      method: 'GET',
      url: '/assets/list-5678.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigAsset);
  });

  it('compresses API responses of 1 KB or more for a client that accepts it, and no smaller ones', async () => {
    const { token } = await sandbox.createUser({ roles: { common: ['ROLE_USER'] } });
    const docs = await sandbox.request({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString())).toHaveProperty('paths');
    const small = await sandbox.request({
      method: 'GET',
      url: '/api/common/users/me',
      token,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('email');
  });

  it('never answers an API path with the console', async () => {
    const response = await sandbox.request({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Fiscus console');
  });

  it('answers 404 problems when no console is built', async () => {
    const response = await production.request({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
  });
});
