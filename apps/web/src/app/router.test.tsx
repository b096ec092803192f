import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, signIn } from '../lib/auth';
import { fakeToken } from '../test/fake-token';
import { renderRoutes } from '../test/render-with-providers';
import { routes } from './router';

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

/** A tiny fake of the API: login, empty collections, a profile. */
function fakeApi(url: string, init?: RequestInit): Response {
  if (url.endsWith('/api/common/login')) {
    const body = JSON.parse(String(init?.body)) as { password: string };
    return body.password === 'right-password'
      ? json(200, { token: fakeToken({ it: ['ROLE_INVOICING'] }) })
      : json(401, {
          type: 'about:blank',
          title: 'Unauthorized',
          status: 401,
          detail: 'Invalid credentials',
        });
  }
  if (url.includes('/pre-sales') || url.includes('/consumptions')) {
    return json(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
  }
  return json(404, { type: 'about:blank', title: 'Not Found', status: 404, detail: '' });
}

const namespaces = ['common', 'auth', 'shell', 'dashboard'];

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => Promise.resolve(fakeApi(String(input), init)));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('route guards', () => {
  it('sends a visitor without session to login with redirect_to', async () => {
    const { router } = await renderRoutes(routes, '/profile?tab=1', namespaces);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect_to=%2Fprofile%3Ftab%3D1');
  });

  it('sends a user without usable context to /no-services', async () => {
    signIn(fakeToken({ common: ['ROLE_USER'] }, { username: 'noservices@demo.fiscus.test' }));
    const { router } = await renderRoutes(routes, '/dashboard', namespaces);
    expect(await screen.findByRole('heading', { name: 'No services available' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/no-services');
  });

  it('keeps non-managers out of the sub-accounts page', async () => {
    signIn(fakeToken({ it: ['ROLE_INVOICING', 'ROLE_INVOICING_SUPPLIER_ONLY'] }));
    const { router } = await renderRoutes(routes, '/settings/sub-accounts', namespaces);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  it('shows the not-found page for an unknown path', async () => {
    signIn(fakeToken({ it: ['ROLE_INVOICING'] }));
    await renderRoutes(routes, '/no/such/page', namespaces);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

describe('login page', () => {
  it('validates, shows Invalid credentials on 401 and follows redirect_to on success', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoutes(routes, '/login?redirect_to=%2Fdashboard', namespaces);
    const submit = await screen.findByRole('button', { name: 'Sign in' });

    await user.click(submit);
    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'italy@demo.fiscus.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(getSession()).toBeNull();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'right-password');
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getSession()?.username).toBe('italy@demo.fiscus.test');
  });
});
