import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import {
  COVERED_COMPONENTS,
  contentDigest,
  signatureBase,
  signRequest,
} from './message-signature.ts';
import { loadWebhookSigningKey } from './signing-key.ts';
import { isPrivateAddress, targetUrlProblem } from './target-address.ts';
import { PROVIDER_WEBHOOK_RETRY_POLICY, webhookRetryDelayMs } from './webhook-delivery.ts';

describe('webhook signing key', () => {
  let database: { handle: DatabaseHandle; drop(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.handle.migrate();
  });
  afterAll(() => database.drop());

  it('is generated once and read back by every later load', async () => {
    const [first, second] = await Promise.all([
      loadWebhookSigningKey(database.handle.db),
      loadWebhookSigningKey(database.handle.db),
    ]);
    const third = await loadWebhookSigningKey(database.handle.db);
    expect(second.keyId).toBe(first.keyId);
    expect(third.publicPem).toBe(first.publicPem);
    expect(first.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: first.keyId });
  });

  it('signs with the stored key: its published public key verifies the signature', async () => {
    const key = await loadWebhookSigningKey(database.handle.db);
    const body = '{"hello":"world"}';
    const headers = signRequest({
      method: 'post',
      url: 'https://hooks.example.test/in?a=1',
      contentType: 'application/json',
      body,
      keyId: key.keyId,
      privateKey: key.privateKey,
      created: 1_700_000_000,
    });
    const params = headers['signature-input'].slice('sig1='.length);
    expect(params).toContain(`keyid="${key.keyId}"`);
    // The base as message-signature.test.ts checks it against RFC 9421's own test vector.
    const base = signatureBase(
      {
        method: 'POST',
        url: 'https://hooks.example.test/in?a=1',
        headers: { 'content-digest': contentDigest(body), 'content-type': 'application/json' },
      },
      COVERED_COMPONENTS,
      params,
    );
    const signature = Buffer.from(headers.signature.slice('sig1=:'.length, -1), 'base64');
    expect(verify(null, Buffer.from(base), createPublicKey(key.publicPem), signature)).toBe(true);
  });
});

describe('webhook target rules', () => {
  it('classifies addresses with one range list, IPv4 forms inside IPv6 included', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.2.1',
      '::',
      '::1',
      '[::1]',
      'fe80::1',
      'fe80::1%eth0',
      'fd00::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      // IPv4-compatible (what `http://[::127.0.0.1]/` becomes), 6to4, Teredo, NAT64, SIIT.
      '::7f00:1',
      '::8.8.8.8',
      '2002:7f00:1::1',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '64:ff9b::7f00:1',
      '::ffff:0:7f00:1',
      '2001:db8::1',
      '100::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of [
      '93.184.215.14',
      '8.8.8.8',
      '2606:4700:4700::1111',
      '[2606:4700:4700::1111]',
      '::ffff:8.8.8.8',
      'hooks.example.test',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  const publicResolver = async () => ['93.184.215.14'];

  it('refuses non-HTTP schemes and credentials in URLs, private hosts unless allowed', async () => {
    expect(await targetUrlProblem('ftp://example.test/x', true)).toBeDefined();
    expect(await targetUrlProblem('https://user:pass@example.test/x', true)).toBeDefined();
    expect(await targetUrlProblem('http://localhost:3000/hook', true)).toBeUndefined();
    expect(await targetUrlProblem('http://localhost:3000/hook', false)).toMatch(/private/);
    expect(await targetUrlProblem('http://api.localhost/hook', false)).toMatch(/private/);
    expect(
      await targetUrlProblem('https://hooks.example.test/x', false, publicResolver),
    ).toBeUndefined();
    expect(await targetUrlProblem('https://93.184.215.14/x', false)).toBeUndefined();
  });

  it('refuses at save every spelling of a private target', async () => {
    const neverCalled = async (): Promise<string[]> => {
      throw new Error('literals and single labels are judged without DNS');
    };
    for (const target of [
      'http://[::127.0.0.1]/',
      'http://[::7f00:1]/',
      'http://[2002:7f00:1::1]/',
      'http://[::ffff:7f00:1]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://127.1/',
      'http://localhost./',
      'http://vm/',
      'http://intranet:8080/',
      'http://intranet./',
    ]) {
      expect(await targetUrlProblem(target, false, neverCalled), target).toMatch(/private/);
    }
    // A dotted name is resolved: any private address refuses it.
    const loopback = async () => ['93.184.215.14', '127.0.0.1'];
    expect(await targetUrlProblem('https://rebind.example.test/x', false, loopback)).toMatch(
      /private/,
    );
    const mapped = async () => ['::ffff:169.254.169.254'];
    expect(await targetUrlProblem('https://meta.example.test/x', false, mapped)).toMatch(/private/);
    // A name that does not resolve now is judged at each delivery instead.
    const missing = async (): Promise<string[]> => {
      throw new Error('ENOTFOUND');
    };
    expect(await targetUrlProblem('https://later.example.test/x', false, missing)).toBeUndefined();
  });

  it('allows private targets by default on a sandbox only', () => {
    expect(loadConfig({ SANDBOX: 'true' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ SANDBOX: 'false' }).webhookAllowPrivate).toBe(false);
    expect(
      loadConfig({ SANDBOX: 'true', WEBHOOK_ALLOW_PRIVATE: 'false' }).webhookAllowPrivate,
    ).toBe(false);
  });

  it("retries on the provider's schedule: 300 s, then ×1.25 each time, 15 tries", () => {
    expect(PROVIDER_WEBHOOK_RETRY_POLICY.tries).toBe(15);
    expect(webhookRetryDelayMs(PROVIDER_WEBHOOK_RETRY_POLICY, 1)).toBe(300_000);
    expect(webhookRetryDelayMs(PROVIDER_WEBHOOK_RETRY_POLICY, 2)).toBe(375_000);
    expect(webhookRetryDelayMs(PROVIDER_WEBHOOK_RETRY_POLICY, 3)).toBe(468_750);
  });
});
