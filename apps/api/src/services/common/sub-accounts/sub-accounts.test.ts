import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { hydraCollectionSchema, subAccountSchema } from '@fiscus/contracts';
import type { UserRow } from '../../../db/schema/index.ts';
import { users } from '../../../db/schema/index.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MANAGER_ROLES = {
  it: ['ROLE_INVOICING', 'ROLE_SHOW_STATS', 'ROLE_SUB_ACCOUNT_MANAGER', 'ROLE_ADMIN'],
  common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'],
};
const LD = { accept: 'application/ld+json' };
const base = '/api/common/users/me/accounts';

async function manager(): Promise<{ user: UserRow; token: string }> {
  return t.createUser({ roles: MANAGER_ROLES });
}

async function addSubAccounts(managerId: string, n: number, prefix = 'sub'): Promise<UserRow[]> {
  const rows = await t.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${prefix}-${i}-${managerId.slice(0, 8)}@example.test`,
        passwordHash: 'x',
        parentId: managerId,
        fiscalId: `FISCAL${i % 3}`,
        fullname: i % 2 === 0 ? `Sub ${i}` : null,
        enabled: i % 4 !== 0,
        roles: { common: ['ROLE_SUB_ACCOUNT'] },
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    )
    .returning();
  return rows;
}

const subAccountCount = async (managerId: string) =>
  (await t.db.select({ n: count() }).from(users).where(eq(users.parentId, managerId)))[0]?.n;

describe('GET /users/me/accounts', () => {
  it('lists the manager\u2019s sub-accounts as hydra or as a bare array', async () => {
    const { user, token } = await manager();
    await addSubAccounts(user.id, 3);
    const other = await manager();
    await addSubAccounts(other.user.id, 2, 'foreign');

    const ld = await t.request({ method: 'GET', url: base, token, headers: LD });
    expect(ld.statusCode).toBe(200);
    expect(ld.headers['content-type']).toMatch(/^application\/ld\+json/);
    const collection = hydraCollectionSchema(subAccountSchema).parse(ld.json());
    expect(collection['hydra:totalItems']).toBe(3);
    expect(collection['hydra:member'].map((m) => m.email).every((e) => e.startsWith('sub-'))).toBe(
      true,
    );
    // Newest first by default.
    expect(collection['hydra:member'][0]?.created_at).toBe('2026-01-03T00:00:00.000Z');

    const json = await t.request({
      method: 'GET',
      url: base,
      token,
      headers: { accept: 'application/json' },
    });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(Array.isArray(json.json())).toBe(true);
    expect(json.json()).toHaveLength(3);
  });

  it('filters by partial email, fiscal_id, enabled and ignores refresh', async () => {
    const { user, token } = await manager();
    await addSubAccounts(user.id, 8, 'filter');
    const total = async (query: string) =>
      (await t.request({ method: 'GET', url: `${base}?${query}`, token, headers: LD })).json()[
        'hydra:totalItems'
      ];
    expect(await total('email=FILTER-1')).toBe(1);
    expect(await total('fiscal_id=FISCAL0')).toBe(3);
    expect(await total('fiscal_id[]=FISCAL0&fiscal_id[]=FISCAL1')).toBe(6);
    expect(await total('enabled=false')).toBe(2);
    expect(await total('enabled=0')).toBe(2);
    expect(await total('enabled=true&refresh=1717171717')).toBe(6);
    expect(await total('enabled=1&fiscal_id=FISCAL1')).toBe(2);
    expect(await total('exists[fullname]=false')).toBe(4);
    expect(await total('created_at[after]=2026-01-05')).toBe(4);
    expect(await total('created_at[strictly_after]=2026-01-05T00:00:00Z')).toBe(3);
    expect(await total('created_at[before]=2026-01-02&created_at[after]=2026-01-01')).toBe(2);
    expect(await total('email=%25')).toBe(0);

    const ordered = await t.request({ method: 'GET', url: `${base}?order[email]=asc`, token });
    const emails = ordered.json().map((s: { email: string }) => s.email);
    expect(emails).toEqual([...emails].sort());
  });

  it('paginates with bounds: default 30, max 100, bad values 400', async () => {
    const { user, token } = await manager();
    await addSubAccounts(user.id, 35, 'page');
    const page = async (query: string) =>
      t.request({ method: 'GET', url: `${base}?${query}`, token, headers: LD });

    const first = (await page('')).json();
    expect(first['hydra:member']).toHaveLength(30);
    expect(first['hydra:view']).toMatchObject({
      'hydra:first': `${base}?page=1`,
      'hydra:last': `${base}?page=2`,
      'hydra:next': `${base}?page=2`,
    });
    expect(first['hydra:view']).not.toHaveProperty('hydra:previous');

    const second = (await page('page=2&enabled=true')).json();
    expect(second['hydra:view']).toMatchObject({ 'hydra:previous': `${base}?page=1&enabled=true` });

    const last = (await page('page=2')).json();
    expect(last['hydra:member']).toHaveLength(5);
    expect(last['hydra:view']).not.toHaveProperty('hydra:next');

    expect((await page('page=9')).json()['hydra:member']).toEqual([]);
    expect((await page('itemsPerPage=10&page=4')).json()['hydra:member']).toHaveLength(5);
    expect((await page('itemsPerPage=1000')).json()['hydra:member']).toHaveLength(35);

    for (const bad of [
      'page=0',
      'page=-1',
      'page=abc',
      'itemsPerPage=0',
      'itemsPerPage=1.5',
      'enabled=maybe',
      'order[email]=sideways',
      'created_at[after]=yesterday',
    ]) {
      const response = await page(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('is forbidden without ROLE_SUB_ACCOUNT_MANAGER in common, and for sub-accounts', async () => {
    const { token } = await t.createUser({
      roles: { it: ['ROLE_SUB_ACCOUNT_MANAGER'], common: ['ROLE_USER'] },
    });
    expect((await t.request({ method: 'GET', url: base, token })).statusCode).toBe(403);

    const { user } = await manager();
    const sub = await t.createUser({
      parentId: user.id,
      roles: { common: ['ROLE_SUB_ACCOUNT', 'ROLE_SUB_ACCOUNT_MANAGER'] },
    });
    const response = await t.request({ method: 'GET', url: base, token: sub.token });
    expect(response.statusCode).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: `${base}/${sub.user.email}`, token: sub.token }))
        .statusCode,
    ).toBe(403);
  });
});

describe('single sub-account routes', () => {
  it('creates a sub-account with delegated roles that can log in', async () => {
    const { user, token } = await manager();
    const response = await t.request({
      method: 'POST',
      url: base,
      token,
      payload: {
        email: 'New.Sub@Example.test',
        fiscal_id: 'RSSMRA80A01F205X',
        fullname: 'New Sub',
        password: 'sub-password',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(subAccountSchema.parse(response.json())).toMatchObject({
      email: 'new.sub@example.test',
      fiscal_id: 'RSSMRA80A01F205X',
      fullname: 'New Sub',
      enabled: true,
    });
    const [stored] = await t.db.select().from(users).where(eq(users.email, 'new.sub@example.test'));
    expect(stored?.parentId).toBe(user.id);
    expect(stored?.roles).toEqual({
      it: ['ROLE_INVOICING', 'ROLE_SHOW_STATS'],
      common: ['ROLE_SUB_ACCOUNT'],
    });

    const login = await t.request({
      method: 'POST',
      url: '/api/common/login',
      payload: { email: 'new.sub@example.test', password: 'sub-password' },
    });
    expect(login.statusCode).toBe(200);
    // The sub-account cannot read its manager's sub-accounts.
    expect(
      (await t.request({ method: 'GET', url: base, token: login.json().token })).statusCode,
    ).toBe(403);
  });

  it('grants only chosen roles the manager holds', async () => {
    const { token } = await manager();
    const response = await t.request({
      method: 'POST',
      url: base,
      token,
      payload: {
        email: 'chosen@example.test',
        fiscal_id: 'X',
        password: 'sub-password',
        enabled: false,
        roles: {
          it: ['ROLE_SHOW_STATS', 'ROLE_CONFIG'],
          common: ['ROLE_ADMIN'],
          pl: ['ROLE_USER'],
        },
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().enabled).toBe(false);
    const [stored] = await t.db.select().from(users).where(eq(users.email, 'chosen@example.test'));
    expect(stored?.roles).toEqual({ it: ['ROLE_SHOW_STATS'], common: ['ROLE_SUB_ACCOUNT'] });
  });

  it('refuses invalid creations with 422 violations and writes nothing', async () => {
    const { user, token } = await manager();
    const { user: existing } = await t.createUser();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { email: existing.email, fiscal_id: 'X', password: 'sub-password' },
        'email',
        'This email is already used.',
      ],
      [
        { email: 'not-an-email', fiscal_id: 'X', password: 'sub-password' },
        'email',
        'This value is not a valid email address.',
      ],
      [
        { email: 'ok@example.test', fiscal_id: 'X', password: 'short' },
        'password',
        'This value is too short. It should have 8 characters or more.',
      ],
      [
        { email: 'ok@example.test', fiscal_id: 'X', password: 'sub-password', fullname: 'Al' },
        'fullname',
        'This value is too short. It should have 3 characters or more.',
      ],
      [
        { email: 'ok@example.test', password: 'sub-password' },
        'fiscal_id',
        'This value should not be blank.',
      ],
      [
        { email: 'ok@example.test', fiscal_id: '  ', password: 'sub-password' },
        'fiscal_id',
        'This value should not be blank.',
      ],
    ];
    for (const [payload, propertyPath, message] of cases) {
      const response = await t.request({ method: 'POST', url: base, token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().violations).toContainEqual(
        expect.objectContaining({ propertyPath, message }),
      );
    }
    expect(await subAccountCount(user.id)).toBe(0);
    expect(await t.db.select().from(users).where(eq(users.email, 'ok@example.test'))).toEqual([]);
  });

  it('reads, updates, changes the password of and deletes its own sub-account', async () => {
    const { user, token } = await manager();
    const [sub] = await addSubAccounts(user.id, 1, 'crud');
    const url = `${base}/${encodeURIComponent(sub!.email)}`;

    const read = await t.request({ method: 'GET', url, token });
    expect(read.statusCode).toBe(200);
    expect(read.json().email).toBe(sub!.email);

    const update = await t.request({
      method: 'PUT',
      url,
      token,
      payload: { fullname: 'Renamed Sub', enabled: false },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ fullname: 'Renamed Sub', enabled: false });

    const badUpdate = await t.request({ method: 'PUT', url, token, payload: { fullname: 'ab' } });
    expect(badUpdate.statusCode).toBe(422);
    expect(badUpdate.json().violations[0]).toMatchObject({ propertyPath: 'fullname' });
    const [afterBad] = await t.db.select().from(users).where(eq(users.id, sub!.id));
    expect(afterBad?.fullname).toBe('Renamed Sub');

    const pwd = await t.request({
      method: 'PUT',
      url: `${url}/change-password`,
      token,
      payload: { password: 'fresh-password' },
    });
    expect(pwd.statusCode).toBe(204);
    const badPwd = await t.request({
      method: 'PUT',
      url: `${url}/change-password`,
      token,
      payload: { password: 'short' },
    });
    expect(badPwd.statusCode).toBe(422);
    await t.db.update(users).set({ enabled: true }).where(eq(users.id, sub!.id));
    const login = await t.request({
      method: 'POST',
      url: '/api/common/login',
      payload: { email: sub!.email, password: 'fresh-password' },
    });
    expect(login.statusCode).toBe(200);

    expect((await t.request({ method: 'DELETE', url, token })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url, token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url, token })).statusCode).toBe(404);
  });

  it('answers 404 for another manager\u2019s sub-account and changes nothing', async () => {
    const owner = await manager();
    const [sub] = await addSubAccounts(owner.user.id, 1, 'owned');
    const intruder = await manager();
    const url = `${base}/${encodeURIComponent(sub!.email)}`;
    const attempts = [
      t.request({ method: 'GET', url, token: intruder.token }),
      t.request({ method: 'PUT', url, token: intruder.token, payload: { fullname: 'Hijacked' } }),
      t.request({
        method: 'PUT',
        url: `${url}/change-password`,
        token: intruder.token,
        payload: { password: 'hijacked-pass' },
      }),
      t.request({ method: 'DELETE', url, token: intruder.token }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    const [stored] = await t.db.select().from(users).where(eq(users.id, sub!.id));
    expect(stored).toMatchObject({ fullname: sub!.fullname, passwordHash: sub!.passwordHash });
    // A main account is not anyone's sub-account either.
    expect(
      (
        await t.request({
          method: 'GET',
          url: `${base}/${intruder.user.email}`,
          token: owner.token,
        })
      ).statusCode,
    ).toBe(404);
  });
});
