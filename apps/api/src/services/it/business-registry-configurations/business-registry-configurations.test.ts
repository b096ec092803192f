import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import {
  itBusinessRegistryConfigurations,
  itRegistrySubAccounts,
  users,
} from '../../../db/schema/index.ts';
import { findSupplierInvoiceRecipient } from './find-supplier-invoice-recipient.ts';
import { registrySubAccountCreation } from './registry-sub-account-creation.ts';
import { seedDemoRegistries } from './seed-demo-registries.ts';

const BASE = '/api/it/business-registry-configurations';
const MANAGER_ROLES = {
  it: ['ROLE_CONFIG', 'ROLE_SUB_ACCOUNT_MANAGER'],
  common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'],
};

describe('business registry configurations', () => {
  let t: TestApp;
  let token: string;
  let managerId: string;

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
    const manager = await t.createUser({ roles: MANAGER_ROLES });
    token = manager.token;
    managerId = manager.user.id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(itBusinessRegistryConfigurations);
  });

  const create = (body: Record<string, unknown>, as = token) =>
    t.request({ method: 'POST', url: BASE, token: as, payload: body });
  const list = async (query: string, as = token) => {
    const response = await t.request({
      method: 'GET',
      url: `${BASE}${query}`,
      token: as,
      headers: { accept: 'application/ld+json' },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ 'hydra:member': { fiscal_id: string }[]; 'hydra:totalItems': number }>();
  };

  it('creates, reads, updates and deletes by fiscal_id', async () => {
    const created = await create({
      fiscal_id: '01234567897',
      name: 'ALPHA SRL',
      email: 'Admin@Alpha.example',
      apply_legal_storage: true,
      phone_number: '',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      '@id': `${BASE}/01234567897`,
      fiscal_id: '01234567897',
      email: 'admin@alpha.example',
      supplier_invoice_enabled: false,
      apply_legal_storage: true,
      legal_storage_active: true,
      phone_number: null,
      api_configurations: [],
      sub_accounts: [],
    });

    const updated = await t.request({
      method: 'PUT',
      url: `${BASE}/01234567897`,
      token,
      payload: {
        name: 'ALPHA S.R.L.',
        supplier_invoice_enabled: true,
        phone_number: '+393331234567',
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'ALPHA S.R.L.',
      supplier_invoice_enabled: true,
      phone_number: '+393331234567',
    });

    const renamed = await t.request({
      method: 'PUT',
      url: `${BASE}/01234567897`,
      token,
      payload: { fiscal_id: '09876543217' },
    });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json()).toMatchObject({ violations: [{ propertyPath: 'fiscal_id' }] });

    expect(
      (await t.request({ method: 'DELETE', url: `${BASE}/01234567897`, token })).statusCode,
    ).toBe(204);
    expect((await t.request({ method: 'GET', url: `${BASE}/01234567897`, token })).statusCode).toBe(
      404,
    );
  });

  it('validates with the spec messages and writes nothing', async () => {
    const missing = await create({ name: 'No id' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      violations: [{ propertyPath: 'fiscal_id', message: 'This field is required' }],
    });

    const bad = await create({
      fiscal_id: 'IT01234567897',
      email: 'nope',
      phone_number: '3331234567',
      supplier_invoice_enabled: 'yes',
      api_configurations: ['/api/it/api-configurations/00000000-0000-4000-8000-000000000000'],
    });
    expect(bad.statusCode).toBe(422);
    const paths = bad
      .json<{ violations: { propertyPath: string }[] }>()
      .violations.map((v) => v.propertyPath);
    expect(paths).toEqual(
      expect.arrayContaining(['fiscal_id', 'email', 'phone_number', 'supplier_invoice_enabled']),
    );

    // Issue 31: the check digit of a VAT number and the check character of a codice fiscale.
    for (const fiscalId of ['01234567891', 'RSSMRA80A01H501X']) {
      const wrongCheck = await create({ fiscal_id: fiscalId });
      expect(wrongCheck.statusCode).toBe(422);
      expect(wrongCheck.json()).toMatchObject({
        violations: [
          {
            propertyPath: 'fiscal_id',
            message:
              'This fiscal id is not valid: its check digit (VAT number) or check character (codice fiscale) does not match.',
          },
        ],
      });
    }

    const unknownWebhook = await create({
      fiscal_id: '01234567897',
      api_configurations: ['/api/it/api-configurations/00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownWebhook.statusCode).toBe(422);
    expect(unknownWebhook.json()).toMatchObject({
      violations: [{ propertyPath: 'api_configurations[0]' }],
    });

    await create({ fiscal_id: '01234567897' });
    const duplicate = await create({ fiscal_id: '01234567897' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toMatchObject({ violations: [{ propertyPath: 'fiscal_id' }] });
    const [stored] = await t.db.select({ n: count() }).from(itBusinessRegistryConfigurations);
    expect(stored?.n).toBe(1);
  });

  it('filters the list, tri-state booleans included', async () => {
    await create({ fiscal_id: '01234567897', name: 'ALPHA SRL', receipts_enabled: true });
    await create({
      fiscal_id: '09876543217',
      name: 'BETA',
      supplier_invoice_enabled: true,
      email: 'beta@example.test',
    });
    await create({ fiscal_id: 'RSSMRA85T10A562S', name: 'Mario Rossi' });

    expect((await list(''))['hydra:totalItems']).toBe(3);
    expect(
      (await list('?supplierInvoiceEnabled=true'))['hydra:member'].map((r) => r.fiscal_id),
    ).toEqual(['09876543217']);
    expect((await list('?supplierInvoiceEnabled=false'))['hydra:totalItems']).toBe(2);
    expect((await list('?receipts_enabled=1'))['hydra:member'].map((r) => r.fiscal_id)).toEqual([
      '01234567897',
    ]);
    expect((await list('?name=alpha'))['hydra:totalItems']).toBe(1);
    expect((await list('?fiscalId=rssmra'))['hydra:totalItems']).toBe(1);
    expect((await list('?email=beta@'))['hydra:totalItems']).toBe(1);
    expect((await list('?legalStorageActive=true'))['hydra:totalItems']).toBe(0);
    const bad = await t.request({ method: 'GET', url: `${BASE}?applySignature=maybe`, token });
    expect(bad.statusCode).toBe(400);
  });

  it('links webhook configurations and shows them as links', async () => {
    const webhook = (
      await t.request({
        method: 'POST',
        url: '/api/it/api-configurations',
        token,
        payload: { event: 'supplier-invoice', target_url: 'https://hooks.example.test/s' },
      })
    ).json<{ uuid: string }>();
    const created = await create({
      fiscal_id: '09876543217',
      api_configurations: [`/api/it/api-configurations/${webhook.uuid}`],
    });
    expect(created.json()).toMatchObject({
      api_configurations: [
        { '@id': `/api/it/api-configurations/${webhook.uuid}`, uuid: webhook.uuid },
      ],
    });
    const fromWebhook = await t.request({
      method: 'GET',
      url: `/api/it/api-configurations/${webhook.uuid}`,
      token,
    });
    expect(fromWebhook.json()).toMatchObject({
      business_registry_configurations: [{ fiscal_id: '09876543217' }],
    });

    // Deleting it would turn the restricted webhook into one for every company.
    const blocked = await t.request({ method: 'DELETE', url: `${BASE}/09876543217`, token });
    expect(blocked.statusCode).toBe(409);
    await t.request({
      method: 'PUT',
      url: `${BASE}/09876543217`,
      token,
      payload: { api_configurations: [] },
    });
    expect(
      (await t.request({ method: 'DELETE', url: `${BASE}/09876543217`, token })).statusCode,
    ).toBe(204);
  });

  it('stores receipt settings: valid emails, or none with a phone number alone', async () => {
    await create({ fiscal_id: '01234567897' });
    // Issue 31: the phone number (the interactive set-up needs it) saves without recipients.
    const phoneAlone = await t.request({
      method: 'PUT',
      url: `${BASE}/01234567897/receipt-settings`,
      token,
      payload: { receipts_alert_recipients: [], phone_number: '+393331234567' },
    });
    expect(phoneAlone.statusCode).toBe(200);
    expect(phoneAlone.json()).toEqual({
      receipts_alert_recipients: [],
      phone_number: '+393331234567',
    });
    const invalid = await t.request({
      method: 'PUT',
      url: `${BASE}/01234567897/receipt-settings`,
      token,
      payload: { receipts_alert_recipients: ['ok@example.test', 'bad'], phone_number: '333' },
    });
    expect(
      invalid.json<{ violations: { propertyPath: string; message: string }[] }>().violations,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          propertyPath: 'receipts_alert_recipients.1',
          message: 'Invalid email',
        }),
        expect.objectContaining({ propertyPath: 'phone_number' }),
      ]),
    );
    const saved = await t.request({
      method: 'PUT',
      url: `${BASE}/01234567897/receipt-settings`,
      token,
      payload: { receipts_alert_recipients: ['Ops@Example.test'], phone_number: '+393331234567' },
    });
    expect(saved.statusCode).toBe(200);
    const read = await t.request({
      method: 'GET',
      url: `${BASE}/01234567897/receipt-settings`,
      token,
    });
    expect(read.json()).toEqual({
      receipts_alert_recipients: ['ops@example.test'],
      phone_number: '+393331234567',
    });
  });

  it('scopes sub-accounts to their linked registries', async () => {
    await create({ fiscal_id: '01234567897', name: 'ALPHA SRL' });
    await create({ fiscal_id: '09876543217', name: 'BETA' });
    const sub = await t.createUser({
      email: `sub-${Date.now()}@example.test`,
      parentId: managerId,
      roles: { it: ['ROLE_CONFIG_BRC'], common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT'] },
    });

    expect((await list('', sub.token))['hydra:totalItems']).toBe(0);
    const link = await t.request({
      method: 'POST',
      url: `${BASE}/09876543217/sub-accounts`,
      token,
      payload: { email: sub.user.email, password: null },
    });
    expect(link.statusCode).toBe(201);
    expect((await list('', sub.token))['hydra:member'].map((r) => r.fiscal_id)).toEqual([
      '09876543217',
    ]);
    expect(
      (await t.request({ method: 'GET', url: `${BASE}/01234567897`, token: sub.token })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: BASE,
          token: sub.token,
          payload: { fiscal_id: '11111111115' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `${BASE}/09876543217/sub-accounts`,
          token: sub.token,
        })
      ).statusCode,
    ).toBe(403);

    const linked = await t.request({
      method: 'GET',
      url: `${BASE}/sub-accounts/${sub.user.email}`,
      token,
    });
    expect(linked.json()).toMatchObject([{ fiscal_id: '09876543217' }]);
    const members = await t.request({
      method: 'GET',
      url: `${BASE}/09876543217/sub-accounts`,
      token,
    });
    expect(members.json()).toMatchObject([{ email: sub.user.email }]);
    const registry = await t.request({ method: 'GET', url: `${BASE}/09876543217`, token });
    expect(registry.json()).toMatchObject({ sub_accounts: [sub.user.email] });

    const stranger = await t.request({
      method: 'POST',
      url: `${BASE}/09876543217/sub-accounts`,
      token,
      payload: { email: 'nobody@example.test' },
    });
    expect(stranger.statusCode).toBe(422);

    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `${BASE}/09876543217/sub-accounts/${sub.user.email}`,
          token,
        })
      ).statusCode,
    ).toBe(204);
    expect((await list('', sub.token))['hydra:totalItems']).toBe(0);
  });

  it('needs ROLE_CONFIG or ROLE_CONFIG_BRC and isolates accounts', async () => {
    await create({ fiscal_id: '01234567897' });
    const brcOnly = await t.createUser({ roles: { it: ['ROLE_CONFIG_BRC'] } });
    const none = await t.createUser({ roles: { it: ['ROLE_INVOICING'] } });
    expect((await t.request({ method: 'GET', url: BASE, token: none.token })).statusCode).toBe(403);
    expect((await list('', brcOnly.token))['hydra:totalItems']).toBe(0);
    expect(
      (await t.request({ method: 'GET', url: `${BASE}/01234567897`, token: brcOnly.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `${BASE}/01234567897`, token: brcOnly.token }))
        .statusCode,
    ).toBe(404);
    // Another account may manage the same company in its own tenant.
    expect((await create({ fiscal_id: '01234567897' }, brcOnly.token)).statusCode).toBe(201);
  });

  it('routes supplier invoices to the owner of an enabled configuration', async () => {
    await create({ fiscal_id: '09876543217', supplier_invoice_enabled: true });
    await create({ fiscal_id: '01234567897', supplier_invoice_enabled: false });
    expect(await findSupplierInvoiceRecipient(t.db, 'IT09876543217')).toBe(managerId);
    expect(await findSupplierInvoiceRecipient(t.db, '09876543217')).toBe(managerId);
    expect(await findSupplierInvoiceRecipient(t.db, '01234567897')).toBeUndefined();
    expect(await findSupplierInvoiceRecipient(t.db, '')).toBeUndefined();
  });

  describe('POST {id}/sub-accounts with a password creates the sub-account', () => {
    const addSubAccount = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: `${BASE}/09876543217/sub-accounts`, token, payload });
    const usersWithEmail = async (email: string) =>
      (await t.db.select({ n: count() }).from(users).where(eq(users.email, email)))[0]?.n;
    const links = async () => (await t.db.select({ n: count() }).from(itRegistrySubAccounts))[0]?.n;
    const login = (email: string, password: string) =>
      t.request({ method: 'POST', url: '/api/common/login', payload: { email, password } });

    beforeEach(async () => {
      await create({ fiscal_id: '01234567897', name: 'ALPHA SRL' });
      await create({ fiscal_id: '09876543217', name: 'BETA' });
    });

    it('creates and links it; the new login works and sees only that company', async () => {
      const email = `new-${randomUUID()}@example.test`;
      const response = await addSubAccount({
        email: email.toUpperCase(),
        password: 'Str0ng pass!',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        email,
        fullname: null,
        fiscal_id: '09876543217',
        enabled: true,
      });
      const [row] = await t.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ parentId: managerId, enabled: true });
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      // The manager's roles minus the manager's own, as POST /users/me/accounts gives them.
      expect(row?.roles).toEqual({ it: ['ROLE_CONFIG'], common: ['ROLE_SUB_ACCOUNT'] });
      const members = await t.request({
        method: 'GET',
        url: `${BASE}/09876543217/sub-accounts`,
        token,
      });
      expect(members.json()).toMatchObject([{ email }]);

      expect((await login(email, 'wrong password')).statusCode).toBe(401);
      const session = await login(email, 'Str0ng pass!');
      expect(session.statusCode).toBe(200);
      const subToken = session.json<{ token: string }>().token;
      expect((await list('', subToken))['hydra:member'].map((r) => r.fiscal_id)).toEqual([
        '09876543217',
      ]);
    });

    it('links an existing sub-account when no password is given', async () => {
      for (const password of [undefined, null, '']) {
        const sub = await t.createUser({
          email: `sub-${randomUUID()}@example.test`,
          parentId: managerId,
          roles: { it: ['ROLE_CONFIG'], common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT'] },
        });
        const response = await addSubAccount({ email: sub.user.email, password });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ email: sub.user.email });
        const [row] = await t.db.select().from(users).where(eq(users.id, sub.user.id));
        expect(row?.passwordHash).toBe(sub.user.passwordHash);
      }
      expect(await links()).toBe(3);
    });

    it('lets a manager whose ROLE_SUB_ACCOUNT_MANAGER is in common only link (as italy@); none: 403', async () => {
      const cases: [Record<string, string[]>, number][] = [
        [{ it: ['ROLE_CONFIG'], common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'] }, 201],
        [{ it: ['ROLE_CONFIG', 'ROLE_SUB_ACCOUNT_MANAGER'], common: ['ROLE_USER'] }, 201],
        [{ it: ['ROLE_CONFIG'], common: ['ROLE_USER'] }, 403],
      ];
      for (const [roles, status] of cases) {
        const owner = await t.createUser({ roles });
        await create({ fiscal_id: '01234567897', name: 'ALPHA SRL' }, owner.token);
        const sub = await t.createUser({
          email: `sub-${randomUUID()}@example.test`,
          parentId: owner.user.id,
          roles: { it: ['ROLE_CONFIG'], common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT'] },
        });
        const linked = await t.request({
          method: 'POST',
          url: `${BASE}/01234567897/sub-accounts`,
          token: owner.token,
          payload: { email: sub.user.email },
        });
        expect(linked.statusCode, JSON.stringify(roles)).toBe(status);
      }
    });

    it('refuses an email another account has (422) and writes nothing', async () => {
      const other = await t.createUser({ email: `other-${randomUUID()}@example.test` });
      const response = await addSubAccount({ email: other.user.email, password: 'Str0ng pass!' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        violations: [{ propertyPath: 'email', code: expect.any(String) }],
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, other.user.id));
      expect(row).toMatchObject({ passwordHash: other.user.passwordHash, parentId: null });
      expect(await usersWithEmail(other.user.email)).toBe(1);
      expect(await links()).toBe(0);
    });

    it('refuses a weak password (422) and writes nothing', async () => {
      const email = `weak-${randomUUID()}@example.test`;
      const response = await addSubAccount({ email, password: 'short' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        violations: [
          {
            propertyPath: 'password',
            message: 'This value is too short. It should have 8 characters or more.',
          },
        ],
      });
      expect(await usersWithEmail(email)).toBe(0);
      expect(await links()).toBe(0);
    });

    it('leaves no account behind when the link fails (one transaction)', async () => {
      const email = `orphan-${randomUUID()}@example.test`;
      const [manager] = await t.db.select().from(users).where(eq(users.id, managerId));
      if (!manager) throw new Error('manager missing');
      const actor = { user: manager, roles: MANAGER_ROLES, impersonator: null };
      // A registry that is not there: the sub-account is inserted, then the link fails.
      const creation = registrySubAccountCreation(t.db).createLinked(
        actor,
        { email, password: 'Str0ng pass!', fiscal_id: '09876543217' },
        randomUUID(),
      );
      await expect(creation).rejects.toThrow();
      expect(await usersWithEmail(email)).toBe(0);
      expect(await links()).toBe(0);
    });
  });

  it('seeds the demo registries once', async () => {
    const demo = await t.createUser({ email: 'italy@demo.fiscus.test', roles: MANAGER_ROLES });
    await seedDemoRegistries(t.db);
    await seedDemoRegistries(t.db);
    const rows = await t.db
      .select()
      .from(itBusinessRegistryConfigurations)
      .where(eq(itBusinessRegistryConfigurations.ownerId, demo.user.id));
    expect(rows.map((r) => [r.fiscalId, r.name, r.supplierInvoiceEnabled]).sort()).toEqual([
      // The official samples' parties keep their ids (check digits wrong), so the samples send.
      ['01234567890', 'ALPHA SRL', false],
      ['01234567897', 'ALPHA SRL', false],
      ['02468135799', 'ALPHA SERVIZI SRL', true],
      ['09876543210', 'BETA', true],
    ]);
    await t.db.delete(users).where(eq(users.id, demo.user.id));
  });
});
