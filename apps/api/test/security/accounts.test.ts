import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  outboxMails,
  passwordResetTokens,
  preSaleActions,
  preSales,
  users,
} from '../../src/db/schema/index.ts';
import { PASSWORD_RESET_MAIL_JOB } from '../../src/services/common/auth/auth.service.ts';
import type { TestApp } from '../test-app.ts';
import { createTestApp, TEST_JWT_SECRET, TEST_PASSWORD } from '../test-app.ts';
import { decodeJwt, signJwt } from '../tokens.ts';

/**
 * Accounts and sessions (issue 17): the sandbox outbox needs a login and shows each user only
 * their own mail; a new password, a reset, a disabled account or a removed role ends every older
 * token; impersonation follows the stored roles and never reaches a disabled account; reset
 * requests and logins are rate limited and a reset answers the same for any address; hostile
 * role maps and integers past PostgreSQL's range are refused (or ignored) before the database.
 */

let t: TestApp;
/** An app with low limits, for the rate-limit tests. */
let limited: TestApp;
const LIMITS = {
  LOGIN_RATE_LIMIT_MAX: '1000',
  LOGIN_IP_RATE_LIMIT_MAX: '40',
  RESET_RATE_LIMIT_MAX: '5',
  RESET_IP_RATE_LIMIT_MAX: '20',
};

beforeAll(async () => {
  [t, limited] = await Promise.all([createTestApp(), createTestApp(LIMITS)]);
});
afterAll(async () => {
  await Promise.all([t?.close(), limited?.close()]);
});

function expectProblem(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ status, type: `/errors/${status}` });
}

/** Runs the queued jobs (reset mails go out in the background) until none is due. */
async function runJobs(app: TestApp): Promise<void> {
  while ((await app.app.platform.worker.runOnce()) > 0);
}

const me = (app: TestApp, token: string, headers: Record<string, string> = {}) =>
  app.request({ method: 'GET', url: '/api/common/users/me', token, headers });

const askReset = (app: TestApp, email: string, remoteAddress = '127.0.0.1') =>
  app.request({
    method: 'POST',
    url: '/api/common/ask-reset-password',
    payload: { email },
    remoteAddress,
  });

async function resetLink(app: TestApp, email: string): Promise<string> {
  await runJobs(app);
  const mails = await app.db.select().from(outboxMails).where(eq(outboxMails.to, email));
  const token = /reset-password\?token=(\S+)/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return decodeURIComponent(token);
}

const now = () => Math.floor(Date.now() / 1000);

describe('GET /api/dev/outbox', () => {
  it('needs a login, shows a user only their own mail and an administrator all of it', async () => {
    const { user: alice, token: aliceToken } = await t.createUser();
    const { user: bob } = await t.createUser();
    const { token: adminToken } = await t.createUser({
      roles: { common: ['ROLE_USER', 'ROLE_ADMIN'] },
    });
    await askReset(t, alice.email);
    await askReset(t, bob.email);
    await runJobs(t);

    // The takeover: reading anyone's reset link without credentials.
    expectProblem(await t.request({ method: 'GET', url: '/api/dev/outbox' }), 401);
    expectProblem(await t.request({ method: 'GET', url: `/api/dev/outbox?to=${bob.email}` }), 401);

    const own = await t.request({ method: 'GET', url: '/api/dev/outbox', token: aliceToken });
    expect(own.statusCode).toBe(200);
    const ownMails = own.json<{ to: string }[]>();
    expect(ownMails.length).toBeGreaterThan(0);
    expect(new Set(ownMails.map((mail) => mail.to))).toEqual(new Set([alice.email]));
    const peek = await t.request({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(bob.email)}`,
      token: aliceToken,
      headers: { accept: 'application/ld+json' },
    });
    expect(peek.statusCode).toBe(200);
    expect(peek.json()).toMatchObject({ 'hydra:totalItems': 0, 'hydra:member': [] });

    const all = await t.request({
      method: 'GET',
      url: '/api/dev/outbox?itemsPerPage=100',
      token: adminToken,
    });
    expect(all.statusCode).toBe(200);
    const addressees = new Set(all.json<{ to: string }[]>().map((mail) => mail.to));
    expect(addressees).toContain(alice.email);
    expect(addressees).toContain(bob.email);
  });

  it('follows the stored roles: a token that claims ROLE_ADMIN sees only its own mail', async () => {
    const { user } = await t.createUser({ roles: { common: ['ROLE_USER'] } });
    const { user: other } = await t.createUser();
    await askReset(t, other.email);
    await runJobs(t);
    const claimsAdmin = signJwt(
      {
        username: user.email,
        uid: user.id,
        pid: user.id,
        roles: { common: ['ROLE_USER', 'ROLE_ADMIN'] },
        ver: 0,
        iat: now(),
        exp: now() + 600,
      },
      TEST_JWT_SECRET,
    );
    const response = await t.request({
      method: 'GET',
      url: '/api/dev/outbox',
      token: claimsAdmin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ to: string }[]>().filter((mail) => mail.to !== user.email)).toEqual([]);
  });
});

describe('token revocation', () => {
  it('a password change ends older tokens, even one signed in the same second, and answers a new one', async () => {
    const { user } = await t.createUser();
    const earlier = t.app.signToken(user);
    const sameSecond = t.app.signToken(user);
    const change = await t.request({
      method: 'PUT',
      url: '/api/common/users/me/password',
      token: sameSecond,
      payload: { password: 'another-password-1', password_confirm: 'another-password-1' },
    });
    expect(change.statusCode).toBe(200);
    const fresh = change.json<{ token: string }>().token;
    expect(decodeJwt(fresh)).toMatchObject({ uid: user.id, ver: 1 });
    expectProblem(await me(t, earlier), 401);
    expectProblem(await me(t, sameSecond), 401);
    expect((await me(t, fresh)).statusCode).toBe(200);
  });

  it('a reset through the mailed link ends older tokens', async () => {
    const { user, token } = await t.createUser();
    expect((await me(t, token)).statusCode).toBe(200);
    await askReset(t, user.email);
    const resetToken = await resetLink(t, user.email);
    const reset = await t.request({
      method: 'POST',
      url: '/api/common/reset-password',
      payload: {
        token: resetToken,
        password: 'reset-password-1',
        password_confirm: 'reset-password-1',
      },
    });
    expect(reset.statusCode).toBe(204);
    expectProblem(await me(t, token), 401);
    const login = await t.request({
      method: 'POST',
      url: '/api/common/login',
      payload: { email: user.email, password: 'reset-password-1' },
    });
    expect((await me(t, login.json<{ token: string }>().token)).statusCode).toBe(200);
  });

  it("a manager disabling a sub-account, or changing its password, ends the sub-account's tokens", async () => {
    const { user: manager, token: managerToken } = await t.createUser({
      roles: { common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'], it: ['ROLE_INVOICING'] },
    });
    const { user: sub } = await t.createUser({
      parentId: manager.id,
      roles: { common: ['ROLE_SUB_ACCOUNT'], it: ['ROLE_INVOICING'] },
    });
    const subAccount = `/api/common/users/me/accounts/${encodeURIComponent(sub.email)}`;
    const beforeDisable = t.app.signToken(sub);
    expect((await me(t, beforeDisable)).statusCode).toBe(200);
    for (const enabled of [false, true]) {
      const toggle = await t.request({
        method: 'PUT',
        url: subAccount,
        token: managerToken,
        payload: { enabled },
      });
      expect(toggle.statusCode).toBe(200);
    }
    // Enabled again: the token signed before the disable stays dead.
    expectProblem(await me(t, beforeDisable), 401);

    const [current] = await t.db.select().from(users).where(eq(users.id, sub.id));
    const beforePassword = t.app.signToken(current!);
    expect((await me(t, beforePassword)).statusCode).toBe(200);
    const change = await t.request({
      method: 'PUT',
      url: `${subAccount}/change-password`,
      token: managerToken,
      payload: { password: 'set-by-manager-1' },
    });
    expect(change.statusCode).toBe(204);
    expectProblem(await me(t, beforePassword), 401);
    // The manager's own session is untouched.
    expect((await me(t, managerToken)).statusCode).toBe(200);
  });

  it('removing a role ends older tokens; adding one or editing the profile does not', async () => {
    const { user, token } = await t.createUser({
      roles: { common: ['ROLE_USER'], it: ['ROLE_INVOICING', 'ROLE_CONFIG'] },
    });
    await t.db
      .update(users)
      .set({ roles: { common: ['ROLE_USER'], it: ['ROLE_INVOICING', 'ROLE_CONFIG', 'ROLE_X'] } })
      .where(eq(users.id, user.id));
    const profile = await t.request({
      method: 'PUT',
      url: '/api/common/users/me/profile',
      token,
      payload: { fullname: 'Still Signed In' },
    });
    expect(profile.statusCode).toBe(200);
    expect((await me(t, token)).statusCode).toBe(200);

    // An operator removes a role in SQL: the database moves the token version on.
    await t.db
      .update(users)
      .set({ roles: { common: ['ROLE_USER'], it: ['ROLE_INVOICING'] } })
      .where(eq(users.id, user.id));
    expectProblem(await me(t, token), 401);
  });

  it('an administrator switched to a user who changes that password keeps their own session', async () => {
    const { user: admin, token: adminToken } = await t.createUser({
      roles: { common: ['ROLE_USER', 'ROLE_ADMIN'] },
    });
    const { user: target, token: targetToken } = await t.createUser();
    const change = await t.request({
      method: 'PUT',
      url: '/api/common/users/me/password',
      token: adminToken,
      headers: { 'x-switch-user': target.email },
      payload: { password: 'chosen-by-admin-1', password_confirm: 'chosen-by-admin-1' },
    });
    expect(change.statusCode).toBe(200);
    expect(decodeJwt(change.json<{ token: string }>().token)).toMatchObject({ uid: admin.id });
    expect((await me(t, adminToken, { 'x-switch-user': target.email })).statusCode).toBe(200);
    expectProblem(await me(t, targetToken), 401);
  });
});

describe('impersonation (X-Switch-User)', () => {
  it('is refused (403) to an administrator whose stored ROLE_ADMIN is gone, whatever the token claims', async () => {
    const { user } = await t.createUser({ roles: { common: ['ROLE_USER', 'ROLE_ADMIN'] } });
    const { user: target } = await t.createUser();
    // What the token said when ROLE_ADMIN was still there; the version moved on after the removal,
    // so sign one with the current version to show the claim alone no longer opens the switch.
    await t.db
      .update(users)
      .set({ roles: { common: ['ROLE_USER'] } })
      .where(eq(users.id, user.id));
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    const stale = signJwt(
      {
        username: user.email,
        uid: user.id,
        pid: user.id,
        roles: { common: ['ROLE_USER', 'ROLE_ADMIN'] },
        ver: stored!.tokenVersion,
        iat: now(),
        exp: now() + 600,
      },
      TEST_JWT_SECRET,
    );
    expectProblem(await me(t, stale, { 'x-switch-user': target.email }), 403);
    // And the token issued before the removal is dead altogether.
    expectProblem(await me(t, t.app.signToken(user), { 'x-switch-user': target.email }), 401);
  });

  it('never reaches a disabled account (403)', async () => {
    const { token: adminToken } = await t.createUser({ roles: { common: ['ROLE_ADMIN'] } });
    const { user: target } = await t.createUser({ enabled: false });
    const response = await me(t, adminToken, { 'x-switch-user': target.email });
    expectProblem(response, 403);
    expect(response.json().detail).toContain('disabled');
  });

  it('refuses a token without exp (401), even a well-signed one', async () => {
    const { user: admin } = await t.createUser({ roles: { common: ['ROLE_ADMIN'] } });
    const { user: target } = await t.createUser();
    const forever = signJwt(
      {
        username: admin.email,
        uid: admin.id,
        pid: admin.id,
        roles: { common: ['ROLE_ADMIN'] },
        ver: 0,
        iat: now(),
      },
      TEST_JWT_SECRET,
    );
    expectProblem(await me(t, forever), 401);
    expectProblem(await me(t, forever, { 'x-switch-user': target.email }), 401);
  });
});

describe('rate limits', () => {
  it('60 reset requests for one address from 60 clients: 429 past the limit, at most 5 mails', async () => {
    const { user } = await limited.createUser();
    const answers: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const response = await askReset(limited, user.email, `198.51.100.${i + 1}`);
      answers.push(response.statusCode);
      if (response.statusCode === 429) {
        expectProblem(response, 429);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(answers.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
    expect(answers.slice(5).every((status) => status === 429)).toBe(true);
    // The address is the key, whatever its case.
    expectProblem(await askReset(limited, user.email.toUpperCase(), '198.51.100.200'), 429);
    await runJobs(limited);
    const [mails] = await limited.db
      .select({ n: count() })
      .from(outboxMails)
      .where(eq(outboxMails.to, user.email));
    expect(mails?.n).toBe(5);
  });

  it('limits reset requests per client across addresses', async () => {
    const client = '203.0.113.7';
    const answers: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      answers.push((await askReset(limited, `nobody-${i}@example.test`, client)).statusCode);
    }
    expect(answers.filter((status) => status === 204)).toHaveLength(20);
    expectProblem(await askReset(limited, 'one-more@example.test', client), 429);
    expect((await askReset(limited, 'one-more@example.test', '203.0.113.8')).statusCode).toBe(204);
  });

  it('100 different emails from one client to login: 429 past the per-client limit', async () => {
    const client = '192.0.2.44';
    const login = (email: string, remoteAddress = client) =>
      limited.request({
        method: 'POST',
        url: '/api/common/login',
        payload: { email, password: 'guess-1234' },
        remoteAddress,
      });
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 100; i += 1) answers.push(await login(`victim-${i}@example.test`));
    expect(answers.slice(0, 40).every((response) => response.statusCode === 401)).toBe(true);
    for (const response of answers.slice(40)) expectProblem(response, 429);
    // Right credentials do not get through either, until the window ends; other clients do.
    const { user } = await limited.createUser();
    expectProblem(
      await limited.request({
        method: 'POST',
        url: '/api/common/login',
        payload: { email: user.email, password: TEST_PASSWORD },
        remoteAddress: client,
      }),
      429,
    );
    expect((await login('victim-0@example.test', '192.0.2.45')).statusCode).toBe(401);
  });

  it('answers a known and an unknown address the same way: one queued job, nothing else', async () => {
    const { user } = await t.createUser();
    const jobsFor = async (email: string) =>
      (await t.app.platform.jobs.jobsOf(PASSWORD_RESET_MAIL_JOB)).filter(
        (job) => (job.payload as { email?: string }).email === email,
      );
    const known = await askReset(t, user.email.toUpperCase());
    const unknown = await askReset(t, 'no-account-here@example.test');
    expect([known.statusCode, unknown.statusCode]).toEqual([204, 204]);
    expect(known.body).toBe(unknown.body);
    // Nothing looked the address up yet: no reset token, one identical job each.
    expect(
      await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
    ).toEqual([]);
    expect(await jobsFor(user.email)).toHaveLength(1);
    expect(await jobsFor('no-account-here@example.test')).toHaveLength(1);

    await runJobs(t);
    expect(await resetLink(t, user.email)).toBeTruthy();
    expect(
      await t.db
        .select()
        .from(outboxMails)
        .where(eq(outboxMails.to, 'no-account-here@example.test')),
    ).toEqual([]);
  });
});

describe('sub-account role maps', () => {
  it('ignores keys named after Object.prototype members, as any platform the manager lacks', async () => {
    const { token } = await t.createUser({
      roles: { common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'], it: ['ROLE_INVOICING'] },
    });
    const email = `proto-${Date.now()}@example.test`;
    const response = await t.request({
      method: 'POST',
      url: '/api/common/users/me/accounts',
      token,
      payload: {
        email,
        fiscal_id: 'RSSMRA80A01H501U',
        password: 'long-enough-1',
        roles: {
          constructor: ['ROLE_INVOICING'],
          toString: ['ROLE_INVOICING'],
          hasOwnProperty: ['x'],
          valueOf: [],
          it: ['ROLE_INVOICING'],
        },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [stored] = await t.db.select().from(users).where(eq(users.email, email));
    expect(stored?.roles).toEqual({ it: ['ROLE_INVOICING'], common: ['ROLE_SUB_ACCOUNT'] });
  });

  it('refuses a __proto__ key with a 4xx and creates nobody', async () => {
    const { token } = await t.createUser({
      roles: { common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'], it: ['ROLE_INVOICING'] },
    });
    const email = `dunder-${Date.now()}@example.test`;
    const response = await t.request({
      method: 'POST',
      url: '/api/common/users/me/accounts',
      token,
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${email}","fiscal_id":"X","password":"long-enough-1","roles":{"__proto__":["ROLE_ADMIN"]}}`,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe('integers past PostgreSQL integer', () => {
  const TOO_BIG = [9007199254740991, 2147483648];

  it('pre-sale action threshold: 422, nothing stored or changed', async () => {
    const { user, token } = await t.createUser();
    const [preSale] = await t.db
      .insert(preSales)
      .values({
        ownerId: user.id,
        creditPurchased: '100.00',
        creditAvailable: '80.00',
        purchasedAt: new Date(),
      })
      .returning();
    const body = (threshold: number) => ({
      pre_sale_uuid: preSale!.uuid,
      threshold,
      action_type: 'alert_mail',
      target: 'alerts@example.test',
    });
    for (const threshold of TOO_BIG) {
      const response = await t.request({
        method: 'POST',
        url: '/api/common/pre-sale-actions',
        token,
        payload: body(threshold),
      });
      expectProblem(response, 422);
      expect(response.json().violations).toContainEqual(
        expect.objectContaining({
          propertyPath: 'threshold',
          message: 'This value should be less than or equal to 2147483647.',
        }),
      );
    }
    const stored = () =>
      t.db.select().from(preSaleActions).where(eq(preSaleActions.ownerId, user.id));
    expect(await stored()).toEqual([]);

    const created = await t.request({
      method: 'POST',
      url: '/api/common/pre-sale-actions',
      token,
      payload: body(2147483647),
    });
    expect(created.statusCode, created.body).toBe(201);
    const uuid = created.json<{ uuid: string }>().uuid;
    for (const threshold of TOO_BIG) {
      expectProblem(
        await t.request({
          method: 'PUT',
          url: `/api/common/pre-sale-actions/${uuid}`,
          token,
          payload: body(threshold),
        }),
        422,
      );
    }
    expect((await stored()).map((row) => row.threshold)).toEqual([2147483647]);
  });

  it('profile pre_sale_alert_threshold: 422, the stored value stays', async () => {
    const { user, token } = await t.createUser({ preSaleAlertThreshold: 50 });
    for (const threshold of TOO_BIG) {
      const response = await t.request({
        method: 'PUT',
        url: '/api/common/users/me/profile',
        token,
        payload: { pre_sale_alert_threshold: threshold, fullname: 'Not Saved' },
      });
      expectProblem(response, 422);
      expect(response.json().violations[0]).toMatchObject({
        propertyPath: 'pre_sale_alert_threshold',
      });
    }
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ preSaleAlertThreshold: 50, fullname: null });
  });
});
