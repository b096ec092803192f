import { afterEach, describe, expect, it } from 'vitest';
import { fakeToken } from '../test/fake-token';
import {
  clearSession,
  decodeToken,
  getSession,
  isExpired,
  renewToken,
  restoreSession,
  signIn,
  startImpersonation,
  stopImpersonation,
} from './auth';
import { can } from './roles';
import { storageKeys } from './storage';

afterEach(() => clearSession());

describe('decodeToken', () => {
  it('reads username, roles and exp from the payload', () => {
    const payload = decodeToken(fakeToken({ it: ['ROLE_INVOICING'] }, { username: 'a@b.test' }));
    expect(payload?.username).toBe('a@b.test');
    expect(payload?.roles).toEqual({ it: ['ROLE_INVOICING'] });
  });

  it('rejects what is not a three-part JWT with a roles map', () => {
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken('a.b.c')).toBeNull();
    const noRoles = `x.${btoa(JSON.stringify({ username: 'a', uid: '1', exp: 1 }))}.y`;
    expect(decodeToken(noRoles)).toBeNull();
  });
});

describe('session expiry', () => {
  it('treats exp as seconds since the epoch, valid only while in the future', () => {
    expect(isExpired({ exp: 1_000 }, 999_999)).toBe(false);
    expect(isExpired({ exp: 1_000 }, 1_000_000)).toBe(true);
  });

  it('refuses to sign in with an expired token', () => {
    expect(signIn(fakeToken({ it: ['ROLE_INVOICING'] }, { expiresInSeconds: -10 }))).toBe(false);
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('clears an expired stored token on restore', () => {
    window.localStorage.setItem(
      storageKeys.token,
      fakeToken({ it: ['ROLE_INVOICING'] }, { expiresInSeconds: -1 }),
    );
    expect(restoreSession()).toBeNull();
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('restores a valid stored token with its impersonation', () => {
    const token = fakeToken({ common: ['ROLE_ADMIN'] }, { username: 'admin@demo.fiscus.test' });
    window.localStorage.setItem(storageKeys.token, token);
    window.localStorage.setItem(
      storageKeys.impersonation,
      JSON.stringify({ username: 'italy@demo.fiscus.test', roles: { it: ['ROLE_CONFIG'] } }),
    );
    const session = restoreSession();
    expect(session?.username).toBe('italy@demo.fiscus.test');
    expect(session?.payload.username).toBe('admin@demo.fiscus.test');
  });
});

describe('impersonation', () => {
  it('uses the impersonated roles for checks until the switch ends', () => {
    signIn(fakeToken({ common: ['ROLE_ADMIN'], it: ['ROLE_INVOICING'] }));
    expect(can('it', 'ROLE_CONFIG')).toBe(false);
    startImpersonation({ username: 'italy@demo.fiscus.test', roles: { it: ['ROLE_CONFIG'] } });
    expect(can('it', 'ROLE_CONFIG')).toBe(true);
    expect(can('common', 'ROLE_ADMIN')).toBe(false);
    expect(
      JSON.parse(window.localStorage.getItem(storageKeys.impersonation) ?? '{}'),
    ).toMatchObject({
      username: 'italy@demo.fiscus.test',
    });
    stopImpersonation();
    expect(can('common', 'ROLE_ADMIN')).toBe(true);
    expect(window.localStorage.getItem(storageKeys.impersonation)).toBeNull();
  });
});

describe('renewToken (after a password change)', () => {
  it('stores the fresh token of the same account and keeps the switch in progress', () => {
    signIn(fakeToken({ common: ['ROLE_ADMIN'] }, { username: 'admin@demo.fiscus.test' }));
    startImpersonation({ username: 'italy@demo.fiscus.test', roles: { it: ['ROLE_CONFIG'] } });
    const fresh = fakeToken({ common: ['ROLE_ADMIN'] }, { username: 'admin@demo.fiscus.test' });
    expect(renewToken(fresh)).toBe(true);
    expect(window.localStorage.getItem(storageKeys.token)).toBe(fresh);
    expect(getSession()).toMatchObject({
      token: fresh,
      username: 'italy@demo.fiscus.test',
      impersonation: { username: 'italy@demo.fiscus.test' },
    });
  });

  it("refuses another account's token, an expired one, and works only while signed in", () => {
    const own = fakeToken({ it: ['ROLE_INVOICING'] });
    signIn(own);
    expect(renewToken(fakeToken({ it: ['ROLE_INVOICING'] }, { uid: 'u-2' }))).toBe(false);
    expect(renewToken(fakeToken({ it: ['ROLE_INVOICING'] }, { expiresInSeconds: -10 }))).toBe(
      false,
    );
    expect(getSession()?.token).toBe(own);
    clearSession();
    expect(renewToken(own)).toBe(false);
    expect(getSession()).toBeNull();
  });
});

describe('other tabs', () => {
  it('follows a logout made in another tab', () => {
    signIn(fakeToken({ it: ['ROLE_INVOICING'] }));
    // What the browser does when another tab removes the token.
    window.localStorage.removeItem(storageKeys.token);
    window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.token }));
    expect(getSession()).toBeNull();
  });
});
