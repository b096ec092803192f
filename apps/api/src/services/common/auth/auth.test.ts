import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboxMails, passwordResetTokens, users } from '../../../db/schema/index.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp, TEST_PASSWORD } from '../../../../test/test-app.ts';
import { decodeJwt } from '../../../../test/tokens.ts';
import { hashResetToken } from './auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (payload: unknown) =>
  t.request({ method: 'POST', url: '/api/common/login', payload: payload as object });

/** Runs the queued jobs (reset mails are sent in the background) until none is due. */
async function runJobs(): Promise<void> {
  while ((await t.app.platform.worker.runOnce()) > 0);
}

async function resetLinkFor(email: string): Promise<string> {
  await runJobs();
  const mails = await t.db.select().from(outboxMails).where(eq(outboxMails.to, email));
  const link = mails
    .at(-1)
    ?.text.match(/https:\/\/console\.fiscus\.test\/reset-password\?token=(\S+)/);
  if (!link?.[1]) throw new Error(`no reset link mailed to ${email}`);
  return decodeURIComponent(link[1]);
}

describe('POST /login', () => {
  it('exchanges good credentials for a token (email case-insensitive)', async () => {
    const { user } = await t.createUser({
      roles: { it: ['ROLE_INVOICING'], common: ['ROLE_USER'] },
    });
    const response = await login({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const claims = decodeJwt(response.json().token);
    expect(claims).toMatchObject({
      username: user.email,
      uid: user.id,
      pid: user.id,
      roles: user.roles,
    });
    const me = await t.request({
      method: 'GET',
      url: '/api/common/users/me',
      token: response.json().token,
    });
    expect(me.statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password, an unknown email and a disabled account', async () => {
    const { user } = await t.createUser();
    const { user: disabled } = await t.createUser({ enabled: false });
    const answers = await Promise.all([
      login({ email: user.email, password: 'wrong password' }),
      login({ email: 'nobody@example.test', password: TEST_PASSWORD }),
      login({ email: disabled.email, password: TEST_PASSWORD }),
    ]);
    for (const response of answers) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toEqual({
        type: '/errors/401',
        title: 'Unauthorized',
        status: 401,
        detail: 'Invalid credentials',
      });
    }
  });

  it('validates the body with the spec messages (422)', async () => {
    const response = await login({ email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().violations).toEqual(
      expect.arrayContaining([
        { propertyPath: 'email', message: 'Must be a valid email', code: 'invalid_email' },
        { propertyPath: 'password', message: 'Password is required', code: 'is_blank' },
      ]),
    );
    const missing = await login({});
    expect(missing.json().violations).toContainEqual({
      propertyPath: 'email',
      message: 'Email is required',
      code: 'is_blank',
    });
  });

  it('is rate limited per client and email', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '3' });
    try {
      const attempt = () =>
        limited.request({
          method: 'POST',
          url: '/api/common/login',
          payload: { email: 'x@example.test', password: 'nope' },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(blocked.json()).toMatchObject({ status: 429 });
      // A forged X-Forwarded-For does not buy a fresh allowance (TRUST_PROXY is off).
      const spoofed = await limited.request({
        method: 'POST',
        url: '/api/common/login',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        payload: { email: 'x@example.test', password: 'nope' },
      });
      expect(spoofed.statusCode).toBe(429);
      const otherEmail = await limited.request({
        method: 'POST',
        url: '/api/common/login',
        payload: { email: 'y@example.test', password: 'nope' },
      });
      expect(otherEmail.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
    // Builds a second app (its own database) inside the test: slow on a busy machine.
  }, 180_000);
});

describe('password reset', () => {
  it('answers 204 for an unknown email without mailing anyone', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/common/ask-reset-password',
      payload: { email: 'ghost@example.test' },
    });
    expect(response.statusCode).toBe(204);
    await runJobs();
    expect(
      await t.db.select().from(outboxMails).where(eq(outboxMails.to, 'ghost@example.test')),
    ).toEqual([]);
  });

  it('mails a one-time link that sets a new password', async () => {
    const { user } = await t.createUser();
    const ask = await t.request({
      method: 'POST',
      url: '/api/common/ask-reset-password',
      payload: { email: user.email },
    });
    expect(ask.statusCode).toBe(204);
    const token = await resetLinkFor(user.email);
    // Only a hash is stored: a database leak does not leak usable links.
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored?.tokenHash).toBe(hashResetToken(token));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeGreaterThan(
      59 * 60 * 1000,
    );
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeLessThanOrEqual(
      61 * 60 * 1000,
    );

    const reset = await t.request({
      method: 'POST',
      url: '/api/common/reset-password',
      payload: { token, password: 'brand-new-pass', password_confirm: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await login({ email: user.email, password: 'brand-new-pass' })).statusCode).toBe(200);
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);

    const again = await t.request({
      method: 'POST',
      url: '/api/common/reset-password',
      payload: { token, password: 'another-pass-1', password_confirm: 'another-pass-1' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/invalid, expired or already used/);
  });

  it('refuses an expired link', async () => {
    const { user } = await t.createUser();
    await t.request({
      method: 'POST',
      url: '/api/common/ask-reset-password',
      payload: { email: user.email },
    });
    const token = await resetLinkFor(user.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const response = await t.request({
      method: 'POST',
      url: '/api/common/reset-password',
      payload: { token, password: 'brand-new-pass', password_confirm: 'brand-new-pass' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('validates the new password (422) and then changes nothing', async () => {
    const { user } = await t.createUser();
    await t.request({
      method: 'POST',
      url: '/api/common/ask-reset-password',
      payload: { email: user.email },
    });
    const token = await resetLinkFor(user.email);
    const [before] = await t.db.select().from(users).where(eq(users.id, user.id));

    const short = await t.request({
      method: 'POST',
      url: '/api/common/reset-password',
      payload: { token, password: 'short', password_confirm: 'short' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().violations).toEqual([
      {
        propertyPath: 'password',
        message: 'This value is too short. It should have 8 characters or more.',
        code: 'too_short',
      },
    ]);
    const mismatch = await t.request({
      method: 'POST',
      url: '/api/common/reset-password',
      payload: { token, password: 'long enough 1', password_confirm: 'long enough 2' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().violations[0]).toMatchObject({
      propertyPath: 'password_confirm',
      message: 'Passwords do not match',
    });

    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored?.usedAt).toBeNull();
  });
});
