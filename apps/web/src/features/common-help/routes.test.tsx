import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { clearSession, signIn } from '../../lib/auth';
import { fakeToken } from '../../test/fake-token';
import { renderRoutes } from '../../test/render-with-providers';

const namespaces = ['shell', 'help', 'dashboard'];

afterEach(() => clearSession());

describe('stripe help pages', () => {
  it('shows a stripe account its FAQ, with a link to the manual', async () => {
    signIn(fakeToken({ stripe: ['ROLE_WRITER'], it: ['ROLE_INVOICING'] }));
    await renderRoutes(routes, '/help/stripe-faq', namespaces);
    expect(
      await screen.findByRole('heading', {
        name: 'Stripe account: frequently asked questions',
        level: 1,
      }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Where are my invoices?' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Read the manual' })).toHaveAttribute(
      'href',
      '/help/stripe-manual',
    );
  });

  it('sends any other account to the dashboard', async () => {
    signIn(fakeToken({ it: ['ROLE_INVOICING'] }));
    const { router } = await renderRoutes(routes, '/help/stripe-manual', namespaces);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
