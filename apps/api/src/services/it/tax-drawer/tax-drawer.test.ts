import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import {
  itBusinessRegistryConfigurations,
  itTaxPortalConsents,
  itTaxPortalCredentials,
} from '../../../db/schema/index.ts';
import { DEMO_FISCONLINE_CREDENTIALS } from '../../../gateways/tax-portal/fisconline-demo.ts';
import { businessWithTwoCompanies, linkRegistry, X, Y } from '../acting-scope-test-kit.ts';
import { CredentialSealer } from './credential-sealing.ts';

const BASE = '/api/it/business-registry-configurations';
const DEMO = {
  codice_fiscale: DEMO_FISCONLINE_CREDENTIALS.codiceFiscale,
  password: DEMO_FISCONLINE_CREDENTIALS.password,
  pin: DEMO_FISCONLINE_CREDENTIALS.pin,
};

describe('tax drawer: Fisconline credentials', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
    token = (await t.createUser({ roles: { it: ['ROLE_CONFIG'], common: ['ROLE_USER'] } })).token;
    otherToken = (await t.createUser({ roles: { it: ['ROLE_CONFIG'], common: ['ROLE_USER'] } }))
      .token;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(itBusinessRegistryConfigurations);
    const created = await t.request({
      method: 'POST',
      url: BASE,
      token,
      payload: { fiscal_id: '01234567897', name: 'ALPHA SRL' },
    });
    expect(created.statusCode).toBe(201);
  });

  const put = (payload: unknown, fiscalId = '01234567897', as = token) =>
    t.request({
      method: 'PUT',
      url: `${BASE}/${fiscalId}/credentials/fisconline`,
      token: as,
      payload: payload as Record<string, unknown>,
    });
  const status = async (as = token) => {
    const response = await t.request({
      method: 'GET',
      url: `${BASE}/01234567897/credentials/fisconline`,
      token: as,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ credentials_set: boolean; set_at: string | null; source: string }>();
  };

  it('appoints the provider for smart receipts with the Fisconline set, and says as whom', async () => {
    const appoint = (payload: unknown, as = token) =>
      t.request({
        method: 'POST',
        url: `${BASE}/01234567897/appoint/fisconline`,
        token: as,
        payload: payload as Record<string, unknown>,
      });
    const appointment = (as = token) =>
      t.request({ method: 'GET', url: `${BASE}/01234567897/appoint/status`, token: as });
    expect((await appointment()).json()).toEqual({
      receipt_enabled: false,
      appointee: null,
      status: 'not_appointed',
      url: null,
    });
    const refused = await appoint({ ...DEMO, pin: '0000000000' });
    expect(refused.statusCode).toBe(422);
    expect((await appointment()).json()).toMatchObject({ status: 'not_appointed' });
    const appointed = await appoint(DEMO);
    expect(appointed.statusCode, appointed.body).toBe(200);
    expect(appointed.json()).toEqual({
      receipt_enabled: false,
      appointee: DEMO.codice_fiscale,
      status: 'appointed',
      url: null,
    });
    // The same credentials as the tax drawer's.
    expect((await status()).credentials_set).toBe(true);
    expect(appointed.body).not.toContain(DEMO.password);
    // Another business's registry is not found.
    expect((await appointment(otherToken)).statusCode).toBe(404);
    expect((await appoint(DEMO, otherToken)).statusCode).toBe(404);
  });

  it('stores the demo set encrypted, tells only that it is set, and never returns it', async () => {
    expect(await status()).toEqual({ credentials_set: false, set_at: null, source: null });
    const saved = await put({ ...DEMO, codice_fiscale: ' rssmra80a01f205x ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ credentials_set: true, source: 'form' });
    expect(Date.parse(saved.json<{ set_at: string }>().set_at)).not.toBeNaN();
    expect(saved.body).not.toContain(DEMO.password);
    expect(await status()).toMatchObject({ credentials_set: true, source: 'form' });

    const [row] = await t.db.select().from(itTaxPortalCredentials);
    expect(row?.sealed).toMatch(/^v1\./);
    for (const secret of [DEMO.password, DEMO.pin, DEMO.codice_fiscale]) {
      expect(row?.sealed).not.toContain(secret);
      expect(row?.sealed).not.toContain(Buffer.from(secret).toString('base64'));
    }
    const registry = await t.request({ method: 'GET', url: `${BASE}/01234567897`, token });
    expect(registry.body).not.toContain(DEMO.password);
    expect(registry.body).not.toContain(DEMO.pin);
  });

  it('answers 422 INVALID_CREDENTIALS for credentials the portal refuses, storing nothing', async () => {
    for (const wrong of [
      { ...DEMO, password: 'Fisconline.2025' },
      { ...DEMO, pin: '0123456789' },
      { ...DEMO, codice_fiscale: '01234567897' },
    ]) {
      const refused = await put(wrong);
      expect(refused.statusCode).toBe(422);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({
        violations: [{ code: 'INVALID_CREDENTIALS' }],
      });
    }
    expect((await status()).credentials_set).toBe(false);
    // A refused change keeps the credentials stored before.
    expect((await put(DEMO)).statusCode).toBe(200);
    expect((await put({ ...DEMO, password: 'nope' })).statusCode).toBe(422);
    expect(await t.db.select().from(itTaxPortalCredentials)).toHaveLength(1);
  });

  it('validates the fields with the spec messages', async () => {
    const empty = await put({ codice_fiscale: '', password: '', pin: '' });
    expect(empty.statusCode).toBe(422);
    expect(
      empty.json<{ violations: { propertyPath: string; message: string }[] }>().violations,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          propertyPath: 'codice_fiscale',
          message: 'codice fiscale is required',
        }),
        expect.objectContaining({ propertyPath: 'password', message: 'password is required' }),
        expect.objectContaining({ propertyPath: 'pin', message: 'pin is required' }),
      ]),
    );
    const missing = await put({});
    expect(missing.statusCode).toBe(422);
    const malformed = await put({ ...DEMO, codice_fiscale: 'NOT-A-CODE' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({ violations: [{ propertyPath: 'codice_fiscale' }] });
    const long = await put({ ...DEMO, password: 'x'.repeat(65) });
    expect(long.statusCode).toBe(422);
    // Issue 31: a PIN that is not the portal's 10 digits is refused here, not sent to the portal.
    for (const pin of ['12', '12345678901', '12345abcde']) {
      const wrongPin = await put({ ...DEMO, pin });
      expect(wrongPin.statusCode).toBe(422);
      expect(wrongPin.json()).toMatchObject({
        violations: [{ propertyPath: 'pin', message: 'The Fisconline PIN is 10 digits.' }],
      });
    }
    expect(await t.db.select().from(itTaxPortalCredentials)).toHaveLength(0);
  });

  it('keeps registries apart: another account, an unknown registry, a missing role or token', async () => {
    expect((await put(DEMO, '01234567897', otherToken)).statusCode).toBe(404);
    expect((await put(DEMO, '09876543210')).statusCode).toBe(404);
    const noRole = await t.createUser({ roles: { it: ['ROLE_INVOICING'], common: ['ROLE_USER'] } });
    expect((await put(DEMO, '01234567897', noRole.token)).statusCode).toBe(403);
    const anonymous = await t.request({
      method: 'PUT',
      url: `${BASE}/01234567897/credentials/fisconline`,
      payload: DEMO,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.db.select().from(itTaxPortalCredentials)).toHaveLength(0);
  });

  describe('interactive set-up', () => {
    const start = (fiscalId = '01234567897', as = token) =>
      t.request({
        method: 'POST',
        url: `${BASE}/${fiscalId}/credentials/fisconline/interactive`,
        token: as,
      });
    const withPhone = () =>
      t.request({
        method: 'PUT',
        url: `${BASE}/01234567897/receipt-settings`,
        token,
        payload: {
          receipts_alert_recipients: ['alerts@alpha.example'],
          phone_number: '+393331234567',
        },
      });
    const pathOf = (url: string) => new URL(url).pathname;
    const submit = (path: string, form: Record<string, string>, language = 'it') =>
      t.request({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'accept-language': language,
        },
        payload: new URLSearchParams(form).toString(),
      });

    it('needs the registry phone number', async () => {
      const refused = await start();
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ violations: [{ propertyPath: 'phone_number' }] });
      expect(await t.db.select().from(itTaxPortalConsents)).toHaveLength(0);
      expect((await start('01234567897', otherToken)).statusCode).toBe(404);
    });

    it('plays the consent page, stores the credentials once, and the link then dies', async () => {
      expect((await withPhone()).statusCode).toBe(200);
      const started = await start();
      expect(started.statusCode).toBe(200);
      const { url, expires_at: expiresAt } = started.json<{ url: string; expires_at: string }>();
      expect(url).toMatch(
        /^https:\/\/console\.fiscus\.test\/api\/it\/tax-portal\/consent\/[\w-]{43}$/,
      );
      expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
      const path = pathOf(url);

      const form = await t.request({
        method: 'GET',
        url: path,
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
      });
      expect(form.statusCode).toBe(200);
      expect(form.headers['content-type']).toContain('text/html');
      expect(form.body).toContain('ALPHA SRL (01234567897)');
      expect(form.body).toContain('name="codice_fiscale"');
      expect(form.body).toContain('Sign in and consent');
      expect(form.body).toContain(DEMO.codice_fiscale);

      const wrong = await submit(path, { ...DEMO, password: 'wrong', consent: 'yes' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.body).toContain('Credenziali non valide.');
      const noConsent = await submit(path, DEMO, 'pl');
      expect(noConsent.statusCode).toBe(422);
      expect(noConsent.body).toContain('musisz wyrazić zgodę');
      expect((await status()).credentials_set).toBe(false);

      const stored = await submit(path, { ...DEMO, consent: 'yes' });
      expect(stored.statusCode).toBe(200);
      expect(stored.body).toContain('Credenziali salvate');
      expect(await status()).toMatchObject({ credentials_set: true, source: 'interactive' });

      const again = await t.request({ method: 'GET', url: path });
      expect(again.statusCode).toBe(404);
      expect(again.headers['content-type']).toContain('application/problem+json');
      expect((await submit(path, { ...DEMO, consent: 'yes' })).statusCode).toBe(404);
    });

    it('refuses an expired or unknown link', async () => {
      await withPhone();
      const { url } = (await start()).json<{ url: string }>();
      await t.db.update(itTaxPortalConsents).set({ expiresAt: new Date(Date.now() - 1000) });
      expect((await t.request({ method: 'GET', url: pathOf(url) })).statusCode).toBe(404);
      expect((await submit(pathOf(url), { ...DEMO, consent: 'yes' })).statusCode).toBe(404);
      expect(
        (await t.request({ method: 'GET', url: '/api/it/tax-portal/consent/nope' })).statusCode,
      ).toBe(404);
      expect(await t.db.select().from(itTaxPortalCredentials)).toHaveLength(0);
    });

    it('forgets its links with the registry', async () => {
      await withPhone();
      await start();
      await put(DEMO);
      const deleted = await t.request({ method: 'DELETE', url: `${BASE}/01234567897`, token });
      expect(deleted.statusCode).toBe(204);
      expect(await t.db.select().from(itTaxPortalConsents)).toHaveLength(0);
      expect(await t.db.select().from(itTaxPortalCredentials)).toHaveLength(0);
    });
  });
});

describe('credential sealing', () => {
  const credentials = { ...DEMO_FISCONLINE_CREDENTIALS };
  const registry = '5f0c6c1e-0000-4000-8000-000000000001';

  it('opens what it sealed, for the same registry and key only', () => {
    const sealer = new CredentialSealer('a'.repeat(48));
    const sealed = sealer.seal(credentials, registry);
    expect(sealed).not.toBe(sealer.seal(credentials, registry));
    expect(sealer.open(sealed, registry)).toEqual(credentials);
    expect(sealer.open(sealed, '5f0c6c1e-0000-4000-8000-000000000002')).toBeUndefined();
    expect(new CredentialSealer('b'.repeat(48)).open(sealed, registry)).toBeUndefined();
    const [version, iv, tag, body = ''] = sealed.split('.');
    const flipped = `${body.slice(0, -2)}${body.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(sealer.open([version, iv, tag, flipped].join('.'), registry)).toBeUndefined();
    expect(sealer.open('garbage', registry)).toBeUndefined();
  });
});

describe('tax drawer in the acting scope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
  });
  afterAll(() => t.close());

  const drawer = (fiscalId: string) => `${BASE}/${fiscalId}/credentials/fisconline`;
  /** Every call of the tab on a registry, with its status code. */
  const calls = async (fiscalId: string, token: string) => [
    (await t.request({ method: 'GET', url: drawer(fiscalId), token })).statusCode,
    (await t.request({ method: 'PUT', url: drawer(fiscalId), token, payload: DEMO })).statusCode,
    (await t.request({ method: 'POST', url: `${drawer(fiscalId)}/interactive`, token })).statusCode,
  ];

  it("lets a linked sub-account use its company's drawer; the other's is 404", async () => {
    const { owner, linked } = await businessWithTwoCompanies(t);
    expect(await calls(X, linked.token)).toEqual([200, 200, 200]);
    expect(await calls(Y, linked.token)).toEqual([404, 404, 404]);
    expect(await calls(`IT${Y}`, linked.token)).toEqual([404, 404, 404]);
    expect(await calls(Y, owner.token)).toEqual([200, 200, 200]);
  });

  it('shows an unlinked sub-account no drawer', async () => {
    const { unlinked } = await businessWithTwoCompanies(t);
    expect(await calls(X, unlinked.token)).toEqual([404, 404, 404]);
    expect(await calls(Y, unlinked.token)).toEqual([404, 404, 404]);
  });

  it('forgets an unlinked registry on the next request with the same token', async () => {
    const { owner, linked } = await businessWithTwoCompanies(t);
    expect(await calls(X, linked.token)).toEqual([200, 200, 200]);
    await linkRegistry(t, owner, X, linked, true);
    expect(await calls(X, linked.token)).toEqual([404, 404, 404]);
  });
});
