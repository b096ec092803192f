import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestApp, TEST_JWT_SECRET } from '../../test/test-app.ts';
import { decodeJwt, signJwt, tamperJwt } from '../../test/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (token?: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: '/api/common/users/me', token, headers });

describe('bearer token', () => {
  it('accepts a valid token and rejects a missing one with a 401 problem', async () => {
    const { user, token } = await t.createUser();
    const ok = await me(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(user.email);

    const missing = await me();
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(missing.json()).toMatchObject({
      status: 401,
      title: 'Unauthorized',
      detail: 'JWT Token not found',
    });
  });

  it('rejects an expired token', async () => {
    const { user } = await t.createUser();
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt(
      {
        username: user.email,
        uid: user.id,
        roles: {},
        pid: user.id,
        iat: now - 90_000,
        exp: now - 3_600,
      },
      TEST_JWT_SECRET,
    );
    const response = await me(expired);
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('Expired JWT Token');
  });

  it('rejects a tampered token, one signed with another secret and garbage', async () => {
    const { user, token } = await t.createUser();
    const { user: admin } = await t.createUser({ roles: { common: ['ROLE_ADMIN'] } });
    const tampered = tamperJwt(token, { uid: admin.id, roles: { common: ['ROLE_ADMIN'] } });
    expect((await me(tampered)).statusCode).toBe(401);

    const now = Math.floor(Date.now() / 1000);
    const foreign = signJwt(
      { username: user.email, uid: user.id, roles: {}, pid: user.id, iat: now, exp: now + 60 },
      'another-secret-another-secret-another-secret',
    );
    expect((await me(foreign)).statusCode).toBe(401);
    expect((await me('not.a.jwt')).statusCode).toBe(401);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/common/users/me',
          headers: { authorization: 'Basic abc' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('rejects the token of a disabled or deleted account at once', async () => {
    const { user, token } = await t.createUser();
    await t.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
    expect((await me(token)).statusCode).toBe(401);

    const other = await t.createUser();
    await t.db.delete(users).where(eq(users.id, other.user.id));
    expect((await me(other.token)).statusCode).toBe(401);
  });

  it('signs tokens with the contract claims and a 24 h lifetime', async () => {
    const { user: manager } = await t.createUser({
      roles: { common: ['ROLE_SUB_ACCOUNT_MANAGER'] },
    });
    const { user: sub } = await t.createUser({
      parentId: manager.id,
      roles: { common: ['ROLE_SUB_ACCOUNT'], it: ['ROLE_INVOICING'] },
    });
    const claims = decodeJwt(t.app.signToken(sub));
    expect(claims).toMatchObject({
      username: sub.email,
      uid: sub.id,
      pid: manager.id,
      roles: { common: ['ROLE_SUB_ACCOUNT'], it: ['ROLE_INVOICING'] },
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(24 * 60 * 60);
    expect(decodeJwt(t.app.signToken(manager)).pid).toBe(manager.id);
  });
});

describe('impersonation (X-Switch-User)', () => {
  it('lets an admin act as another user', async () => {
    const { token } = await t.createUser({ roles: { common: ['ROLE_ADMIN', 'ROLE_USER'] } });
    const { user: target } = await t.createUser({ fullname: 'Target User' });
    const response = await me(token, { 'x-switch-user': target.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      uid: target.id,
      email: target.email,
      fullname: 'Target User',
    });
  });

  it('refuses anyone without ROLE_ADMIN in common with 403', async () => {
    const { token } = await t.createUser({ roles: { common: ['ROLE_USER'], it: ['ROLE_ADMIN'] } });
    const { user: target } = await t.createUser();
    const response = await me(token, { 'x-switch-user': target.email });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers 404 for an unknown target user', async () => {
    const { token } = await t.createUser({ roles: { common: ['ROLE_ADMIN'] } });
    const response = await me(token, { 'x-switch-user': 'nobody@example.test' });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toContain('nobody@example.test');
  });

  it('trusts the token roles, not a forged header alone', async () => {
    const { token } = await t.createUser({ roles: { common: ['ROLE_USER'] } });
    const forged = tamperJwt(token, { roles: { common: ['ROLE_ADMIN'] } });
    const { user: target } = await t.createUser();
    expect((await me(forged, { 'x-switch-user': target.email })).statusCode).toBe(401);
  });
});

describe('impersonation log', () => {
  it('logs each switch with the admin and the target', async () => {
    const { buildApp } = await import('../app.ts');
    const { createTestDatabase, testConfig } = await import('../../test/test-app.ts');
    const lines: Record<string, unknown>[] = [];
    const { handle, drop } = await createTestDatabase();
    const { config } = testConfig();
    const app = await buildApp(config, {
      database: handle,
      logger: {
        level: 'info',
        stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
    });
    try {
      const [admin, target] = await handle.db
        .insert(users)
        .values([
          { email: 'root@example.test', passwordHash: 'x', roles: { common: ['ROLE_ADMIN'] } },
          { email: 'client@example.test', passwordHash: 'x', roles: { it: ['ROLE_INVOICING'] } },
        ])
        .returning();
      const response = await app.inject({
        method: 'GET',
        url: '/api/common/users/me',
        headers: {
          authorization: `Bearer ${app.signToken(admin!)}`,
          'x-switch-user': target!.email,
        },
      });
      expect(response.statusCode).toBe(200);
      const entry = lines.find((line) => line.msg === 'admin switched user');
      expect(entry).toMatchObject({ admin: 'root@example.test', target: 'client@example.test' });
      expect(entry?.reqId).toBe(response.headers['x-request-id']);
    } finally {
      await app.close();
      await drop();
    }
    // Builds a second app (its own database) inside the test: slow on a busy machine.
  }, 180_000);
});
