import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession, signIn } from '../lib/auth';
import { fakeToken } from '../test/fake-token';
import { demoPassword } from '../test/handlers/auth';
import { renderRoutes } from '../test/render-with-providers';
import { sentRequests } from '../test/server';
import { routes } from './router';

const namespaces = ['common', 'auth', 'shell', 'dashboard'];

afterEach(() => clearSession());

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
    expect(sentRequests()).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'italy@demo.fiscus.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(getSession()).toBeNull();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), demoPassword);
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getSession()?.username).toBe('italy@demo.fiscus.test');
  });

  it('chooses a language from its menu by keyboard, and Escape closes the menu where it was', async () => {
    const user = userEvent.setup();
    await renderRoutes(routes, '/login', namespaces);
    const menu = await screen.findByRole('button', { name: 'Change language' });
    await user.click(menu);
    expect(screen.getByRole('menuitem', { name: 'English' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menu).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Polski' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Zaloguj się', level: 1 })).toBeVisible();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
