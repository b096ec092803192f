import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '../test/fake-token';
import { sentRequests, server } from '../test/server';
import {
  apiFetch,
  apiFetchCollection,
  buildQueryString,
  onUnauthorizedWhileImpersonating,
} from './api-client';
import { clearSession, getSession, signIn, startImpersonation } from './auth';
import { ApiError } from './hydra';

/** Every service answers the next requests with `response` (a fresh copy each time). */
function answerWith(response: () => Response) {
  server.use(http.all('/api/*', () => response()));
}

function jsonResponse(status: number, body: unknown, type = 'application/json') {
  return () =>
    new HttpResponse(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': type },
    });
}

afterEach(() => clearSession());

function lastRequest() {
  const request = sentRequests().at(-1);
  if (!request) throw new Error('nothing was sent');
  return request;
}

describe('apiFetch', () => {
  it('sends the bearer token and asks for JSON-LD on GET', async () => {
    const token = fakeToken({ it: ['ROLE_INVOICING'] });
    signIn(token);
    answerWith(jsonResponse(200, { ok: true }));
    await expect(apiFetch('common', '/users/me')).resolves.toEqual({ ok: true });
    const { path, headers, method } = lastRequest();
    expect(path).toBe('/api/common/users/me');
    expect(method).toBe('GET');
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('Accept')).toBe('application/ld+json');
    expect(headers.get('X-Switch-User')).toBeNull();
  });

  it('serializes a JSON body as POST and skips auth when asked', async () => {
    signIn(fakeToken({ it: ['ROLE_INVOICING'] }));
    answerWith(jsonResponse(200, { token: 't' }));
    await apiFetch('common', '/login', { json: { email: 'a@b.test', password: 'x' }, auth: false });
    const { method, body, headers } = lastRequest();
    expect(method).toBe('POST');
    expect(body).toEqual({ email: 'a@b.test', password: 'x' });
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBeNull();
  });

  it('adds X-Switch-User while impersonating', async () => {
    signIn(fakeToken({ common: ['ROLE_ADMIN'] }));
    startImpersonation({ username: 'italy@demo.fiscus.test', roles: { it: ['ROLE_CONFIG'] } });
    answerWith(jsonResponse(200, {}));
    await apiFetch('it', '/users/me/recipient-code');
    expect(lastRequest().headers.get('X-Switch-User')).toBe('italy@demo.fiscus.test');
  });

  it('resolves undefined on 204', async () => {
    answerWith(() => new HttpResponse(null, { status: 204 }));
    await expect(
      apiFetch('common', '/users/me/password', { method: 'PUT', json: {} }),
    ).resolves.toBeUndefined();
  });

  it('throws ApiError with violations on 422', async () => {
    answerWith(
      jsonResponse(
        422,
        {
          type: 'about:blank',
          title: 'Unprocessable',
          status: 422,
          detail: 'Validation failed',
          violations: [
            { propertyPath: 'password', message: 'Password is required', code: 'is_blank' },
          ],
        },
        'application/problem+json',
      ),
    );
    const error = await apiFetch('common', '/users/me/password', { method: 'PUT', json: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).violations[0]?.propertyPath).toBe('password');
  });

  it('turns a network failure into ApiError status 0', async () => {
    answerWith(() => HttpResponse.error());
    await expect(apiFetch('common', '/users/me')).rejects.toMatchObject({ status: 0 });
  });

  it('clears the session on 401', async () => {
    signIn(fakeToken({ it: ['ROLE_INVOICING'] }));
    answerWith(jsonResponse(401, { title: 'Unauthorized', status: 401 }));
    await expect(apiFetch('common', '/users/me')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
  });

  it('keeps the session on 401 while impersonating and tells the shell', async () => {
    signIn(fakeToken({ common: ['ROLE_ADMIN'] }));
    startImpersonation({ username: 'italy@demo.fiscus.test', roles: { it: ['ROLE_CONFIG'] } });
    const listener = vi.fn();
    const unsubscribe = onUnauthorizedWhileImpersonating(listener);
    answerWith(jsonResponse(401, { title: 'Unauthorized', status: 401 }));
    await expect(apiFetch('common', '/users/me')).rejects.toMatchObject({ status: 401 });
    unsubscribe();
    expect(getSession()?.impersonation?.username).toBe('italy@demo.fiscus.test');
    expect(listener).toHaveBeenCalledOnce();
  });

  it('parses collections into items and total', async () => {
    answerWith(
      jsonResponse(
        200,
        { 'hydra:member': [{ month: 1 }], 'hydra:totalItems': 12 },
        'application/ld+json',
      ),
    );
    await expect(apiFetchCollection('common', '/consumptions')).resolves.toEqual({
      items: [{ month: 1 }],
      total: 12,
    });
  });
});

describe('buildQueryString', () => {
  it('skips empty values and writes arrays API Platform style', () => {
    expect(
      buildQueryString({
        page: 2,
        email: '',
        enabled: false,
        'order[created_at]': 'desc',
        status: ['a', 'b'],
        x: undefined,
      }),
    ).toBe('?page=2&enabled=false&order%5Bcreated_at%5D=desc&status%5B%5D=a&status%5B%5D=b');
    expect(buildQueryString({})).toBe('');
  });
});
