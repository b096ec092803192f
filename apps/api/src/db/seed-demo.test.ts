import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp } from '../../test/test-app.ts';
import {
  consumptions,
  itBusinessRegistryConfigurations as registries,
  itRegistrySubAccounts,
  preSales,
  users,
} from './schema/index.ts';
import { seedDemoRegistries } from '../services/it/business-registry-configurations/seed-demo-registries.ts';
import { DEMO_PASSWORD, demoLogins, seedDemo } from './seed-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
});
afterAll(async () => {
  await t.close();
});

const login = async (email: string) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/common/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, email).toBe(200);
  return response.json().token as string;
};

describe('demo data', () => {
  it('creates every persona once, each able to log in', async () => {
    expect(t.app.platform.seeded).toBe(true);
    expect(await seedDemo(t.db)).toBe(false);
    const [row] = await t.db.select({ n: count() }).from(users);
    expect(row?.n).toBe(demoLogins.length);
    expect(demoLogins.map((l) => l.email)).toEqual(
      [
        'italy',
        'supplier-only',
        'customer-only',
        'manager',
        'sub',
        'admin',
        'stripe',
        'nocosts',
        'poland',
        'openbanking',
        'peppol',
        'noservices',
        'italy-branch',
        'italy-unlinked',
      ].map((local) => `${local}@demo.fiscus.test`),
    );
    for (const { email } of demoLogins) await login(email);
  });

  it('gives the personas the roles their screens need', async () => {
    const me = async (local: string) =>
      (
        await t.request({
          method: 'GET',
          url: '/api/common/users/me',
          token: await login(`${local}@demo.fiscus.test`),
        })
      ).json();
    const italy = await me('italy');
    expect(italy.roles.it).toHaveLength(10);
    expect(italy.roles.it).toContain('ROLE_TRANSFER');
    expect(italy.roles.transfer).toEqual(['ROLE_API']);
    expect(italy.roles.common).toEqual(['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER']);
    expect((await me('supplier-only')).roles.it).toContain('ROLE_INVOICING_SUPPLIER_ONLY');
    expect((await me('customer-only')).roles.it).toContain('ROLE_INVOICING_CUSTOMER_ONLY');
    expect(await me('sub')).toMatchObject({
      is_sub_account: true,
      parent_email: 'manager@demo.fiscus.test',
    });
    expect((await me('admin')).roles.common).toContain('ROLE_ADMIN');
    const stripe = await me('stripe');
    expect(stripe.roles.stripe).toEqual(['ROLE_WRITER']);
    expect((await me('noservices')).roles).toEqual({ common: ['ROLE_USER'] });

    const profile = (
      await t.request({
        method: 'GET',
        url: '/api/common/users/me/profile',
        token: await login('italy@demo.fiscus.test'),
      })
    ).json();
    expect(profile).toMatchObject({
      invoicing_name: 'ALPHA SRL',
      invoicing_vat_number: 'IT01234567897',
      sdi_recipient: { recipient_code: 'ABC1234' },
    });
    const subs = await t.request({
      method: 'GET',
      url: '/api/common/users/me/accounts',
      token: await login('manager@demo.fiscus.test'),
    });
    expect(subs.json().map((s: { email: string }) => s.email)).toEqual(['sub@demo.fiscus.test']);
  });

  it("links italy@'s demo sub-account italy-branch@ to ALPHA SERVIZI SRL alone, italy-unlinked@ to nothing", async () => {
    const italy = await login('italy@demo.fiscus.test');
    // What the registry dialog's sub-accounts field shows: the links, read from the database.
    const registriesOf = async (local: string) =>
      (
        await t.db
          .select({ fiscalId: registries.fiscalId, name: registries.name })
          .from(itRegistrySubAccounts)
          .innerJoin(registries, eq(registries.uuid, itRegistrySubAccounts.registryUuid))
          .innerJoin(users, eq(users.id, itRegistrySubAccounts.subAccountId))
          .where(eq(users.email, `${local}@demo.fiscus.test`))
      ).map((r) => [r.fiscalId, r.name]);
    expect(await registriesOf('italy-branch')).toEqual([['02468135799', 'ALPHA SERVIZI SRL']]);
    expect(await registriesOf('italy-unlinked')).toEqual([]);

    const all = await t.request({
      method: 'GET',
      url: '/api/it/business-registry-configurations?itemsPerPage=50',
      token: italy,
    });
    const fiscalIds = (all.json() as { fiscal_id: string }[]).map((r) => r.fiscal_id);
    expect(fiscalIds).toEqual(expect.arrayContaining(['01234567897', '02468135799']));

    for (const [local, linked] of [
      ['italy-branch', 1],
      ['italy-unlinked', 0],
    ] as const) {
      const me = await t.request({
        method: 'GET',
        url: '/api/common/users/me',
        token: await login(`${local}@demo.fiscus.test`),
      });
      expect(me.json()).toMatchObject({
        is_sub_account: true,
        parent_email: 'italy@demo.fiscus.test',
        linked_registries: linked,
      });
    }
    const subs = await t.request({
      method: 'GET',
      url: '/api/common/users/me/accounts',
      token: italy,
    });
    expect(
      subs
        .json()
        .map((s: { email: string }) => s.email)
        .sort(),
    ).toEqual(['italy-branch@demo.fiscus.test', 'italy-unlinked@demo.fiscus.test']);

    // A second start links nothing anew: the user's unlinking stays.
    await t.db.delete(itRegistrySubAccounts);
    await seedDemoRegistries(t.db);
    expect(await registriesOf('italy-branch')).toEqual([]);
  });

  it('gives each account credit and 12 months of consumption', async () => {
    const [italy] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'italy@demo.fiscus.test'));
    const [credit] = await t.db.select().from(preSales).where(eq(preSales.ownerId, italy!.id));
    expect(Number(credit?.creditAvailable)).toBeGreaterThan(0);
    const [months] = await t.db
      .select({ n: count() })
      .from(consumptions)
      .where(eq(consumptions.ownerId, italy!.id));
    expect(months?.n).toBe(12);
  });
});
