import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profileSchema, userSettingsSchema } from '@fiscus/contracts';
import {
  itBusinessRegistryConfigurations,
  itRegistrySubAccounts,
  users,
} from '../../../db/schema/index.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp, TEST_PASSWORD } from '../../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('GET /users/me', () => {
  it('describes a main account', async () => {
    const { user, token } = await t.createUser({
      fullname: 'Mario Rossi',
      roles: { it: ['ROLE_INVOICING'], common: ['ROLE_USER'] },
    });
    const response = await t.request({ method: 'GET', url: '/api/common/users/me', token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      uid: user.id,
      email: user.email,
      fullname: 'Mario Rossi',
      roles: { it: ['ROLE_INVOICING'], common: ['ROLE_USER'] },
      is_sub_account: false,
      parent_email: null,
      linked_registries: null,
      enabled: true,
      created_at: user.createdAt.toISOString(),
    });
  });

  it('names the manager of a sub-account', async () => {
    const { user: manager } = await t.createUser({
      roles: { common: ['ROLE_SUB_ACCOUNT_MANAGER'] },
    });
    const { user: sub, token } = await t.createUser({
      parentId: manager.id,
      roles: { common: ['ROLE_SUB_ACCOUNT'] },
    });
    const me = async () =>
      (await t.request({ method: 'GET', url: '/api/common/users/me', token })).json();
    // Linked to no registry yet: it acts for nothing (the dashboard says so).
    expect(await me()).toMatchObject({
      is_sub_account: true,
      parent_email: manager.email,
      linked_registries: 0,
    });
    const [registry] = await t.db
      .insert(itBusinessRegistryConfigurations)
      .values({ ownerId: manager.id, fiscalId: '01234567897', name: 'ALPHA SRL' })
      .returning();
    await t.db
      .insert(itRegistrySubAccounts)
      .values({ registryUuid: registry!.uuid, subAccountId: sub.id });
    expect(await me()).toMatchObject({ linked_registries: 1 });
  });

  it('needs a token on every users route', async () => {
    for (const [method, url] of [
      ['GET', '/api/common/users/me'],
      ['GET', '/api/common/users/me/settings'],
      ['GET', '/api/common/users/me/profile'],
      ['PUT', '/api/common/users/me/profile'],
      ['PUT', '/api/common/users/me/password'],
      ['PUT', '/api/common/users/me/accept-only-verified-invoices'],
    ] as const) {
      const response = await t.request({ method, url, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('settings', () => {
  it('reads and sets accept_only_verified_supplier_invoices', async () => {
    const { user, token } = await t.createUser({ applySignature: true });
    const initial = await t.request({ method: 'GET', url: '/api/common/users/me/settings', token });
    expect(userSettingsSchema.parse(initial.json())).toEqual({
      accept_only_verified_supplier_invoices: false,
      apply_signature: true,
    });
    const set = await t.request({
      method: 'PUT',
      url: '/api/common/users/me/accept-only-verified-invoices',
      token,
      payload: { accept_only_verified_supplier_invoices: true },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      accept_only_verified_supplier_invoices: true,
      apply_signature: true,
    });
    expect((await userRow(user.id))?.acceptOnlyVerifiedSupplierInvoices).toBe(true);
  });

  it('refuses a non-boolean with 422 and changes nothing', async () => {
    const { user, token } = await t.createUser();
    const response = await t.request({
      method: 'PUT',
      url: '/api/common/users/me/accept-only-verified-invoices',
      token,
      payload: { accept_only_verified_supplier_invoices: 'yes' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations[0]).toMatchObject({
      propertyPath: 'accept_only_verified_supplier_invoices',
      code: 'invalid_type',
    });
    expect((await userRow(user.id))?.acceptOnlyVerifiedSupplierInvoices).toBe(false);
  });
});

describe('profile', () => {
  it('returns the profile with the recipient code', async () => {
    const { user, token } = await t.createUser({
      invoicingName: 'ALPHA SRL',
      invoicingVatNumber: 'IT01234567890',
      recipientCode: 'ABC1234',
    });
    const response = await t.request({ method: 'GET', url: '/api/common/users/me/profile', token });
    const profile = profileSchema.parse(response.json());
    expect(profile).toMatchObject({
      email: user.email,
      invoicing_name: 'ALPHA SRL',
      invoicing_vat_number: 'IT01234567890',
      sdi_recipient: { recipient_code: 'ABC1234' },
    });
    const none = await t.createUser();
    expect(
      (
        await t.request({ method: 'GET', url: '/api/common/users/me/profile', token: none.token })
      ).json().sdi_recipient,
    ).toBeNull();
  });

  it('updates editable fields and ignores the read-only ones', async () => {
    const { user, token } = await t.createUser({
      invoicingVatNumber: 'IT01234567890',
      invoicingFiscalId: '01234567890',
    });
    const response = await t.request({
      method: 'PUT',
      url: '/api/common/users/me/profile',
      token,
      payload: {
        email: 'hijack@example.test',
        invoicing_vat_number: 'IT99999999999',
        invoicing_fiscal_id: 'XXXXXX',
        fullname: '  Anna Bianchi ',
        invoicing_name: 'BETA SPA',
        invoicing_city: 'Torino',
        invoicing_cap: '',
        credit_alert_email: 'alerts@example.test',
        pre_sale_alert_threshold: 25,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: user.email,
      invoicing_vat_number: 'IT01234567890',
      invoicing_fiscal_id: '01234567890',
      fullname: 'Anna Bianchi',
      invoicing_name: 'BETA SPA',
      invoicing_city: 'Torino',
      invoicing_cap: null,
      credit_alert_email: 'alerts@example.test',
      pre_sale_alert_threshold: 25,
    });
    const stored = await userRow(user.id);
    expect(stored).toMatchObject({
      email: user.email,
      invoicingVatNumber: 'IT01234567890',
      invoicingName: 'BETA SPA',
      preSaleAlertThreshold: 25,
    });
  });

  it('refuses bad values with 422 and writes nothing', async () => {
    const { user, token } = await t.createUser({ invoicingName: 'KEEP ME' });
    const response = await t.request({
      method: 'PUT',
      url: '/api/common/users/me/profile',
      token,
      payload: {
        invoicing_name: 'CHANGED',
        credit_alert_email: 'not-an-email',
        pre_sale_alert_threshold: -1,
      },
    });
    expect(response.statusCode).toBe(422);
    const paths = response.json().violations.map((v: { propertyPath: string }) => v.propertyPath);
    expect(paths).toEqual(
      expect.arrayContaining(['credit_alert_email', 'pre_sale_alert_threshold']),
    );
    expect((await userRow(user.id))?.invoicingName).toBe('KEEP ME');
  });

  it('lets an impersonating admin edit the target profile, not the admin one', async () => {
    const { user: admin, token } = await t.createUser({
      roles: { common: ['ROLE_ADMIN'] },
      fullname: 'Admin',
    });
    const { user: target } = await t.createUser();
    const response = await t.request({
      method: 'PUT',
      url: '/api/common/users/me/profile',
      token,
      headers: { 'x-switch-user': target.email },
      payload: { fullname: 'Set By Admin' },
    });
    expect(response.statusCode).toBe(200);
    expect((await userRow(target.id))?.fullname).toBe('Set By Admin');
    expect((await userRow(admin.id))?.fullname).toBe('Admin');
  });
});

describe('PUT /users/me/password', () => {
  it('changes the password', async () => {
    const { user, token } = await t.createUser();
    const response = await t.request({
      method: 'PUT',
      url: '/api/common/users/me/password',
      token,
      payload: { password: 'a-new-password', password_confirm: 'a-new-password' },
    });
    // Every older token ends with the old password; the answer carries the caller's new one.
    expect(response.statusCode).toBe(200);
    const fresh = response.json<{ token: string }>().token;
    const me = (bearer: string) =>
      t.request({ method: 'GET', url: '/api/common/users/me', token: bearer });
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    const login = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/common/login',
        payload: { email: user.email, password },
      });
    expect((await login('a-new-password')).statusCode).toBe(200);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('answers 422 with the spec messages and keeps the old password', async () => {
    const { user, token } = await t.createUser();
    const cases = [
      [{ password: '', password_confirm: '' }, 'password', 'Password is required'],
      [
        { password: 'short', password_confirm: 'short' },
        'password',
        'This value is too short. It should have 8 characters or more.',
      ],
      [
        { password: 'long enough', password_confirm: 'not the same' },
        'password_confirm',
        'Passwords do not match',
      ],
    ] as const;
    for (const [payload, propertyPath, message] of cases) {
      const response = await t.request({
        method: 'PUT',
        url: '/api/common/users/me/password',
        token,
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().violations).toContainEqual(
        expect.objectContaining({ propertyPath, message }),
      );
    }
    expect((await userRow(user.id))?.passwordHash).toBe(user.passwordHash);
  });
});
