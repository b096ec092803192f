import { createHmac } from 'node:crypto';

/** Signs an HS256 JWT by hand, so tests can craft expired or foreign tokens. */
export function signJwt(payload: Record<string, unknown>, secret: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** Same signature, different claims: what an attacker editing a token gets. */
export function tamperJwt(token: string, changes: Record<string, unknown>): string {
  const [head, body, signature] = token.split('.');
  const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const edited = Buffer.from(JSON.stringify({ ...payload, ...changes })).toString('base64url');
  return `${head}.${edited}.${signature}`;
}

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
}
