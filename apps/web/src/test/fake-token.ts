import type { RolesMap } from '../lib/auth';

function base64Url(value: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned JWT shaped like the API's: the console only decodes, the API verifies. */
export function fakeToken(
  roles: RolesMap,
  options: { username?: string; expiresInSeconds?: number; uid?: string } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    username: options.username ?? 'italy@demo.fiscus.test',
    uid: options.uid ?? 'u-1',
    pid: options.uid ?? 'u-1',
    roles,
    iat: now,
    exp: now + (options.expiresInSeconds ?? 3600),
  };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}
