import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { renderRoutes } from '../../../test/render-with-providers';
import { DashboardPage } from './dashboard-page';

const fetchMock = vi.fn<typeof fetch>();

function collection(items: unknown[]): Response {
  return new Response(JSON.stringify({ 'hydra:member': items, 'hydra:totalItems': items.length }), {
    status: 200,
    headers: { 'Content-Type': 'application/ld+json' },
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      String(input).endsWith('/pre-sales')
        ? collection([
            {
              uuid: '6f1c1f9e-7a43-4a53-9d4f-2f2d8c8e0f11',
              current_credit_purchased: '1500.00',
              current_credit_available: '962.50',
              current_credit_purchased_at: '2026-01-26T03:39:09.696Z',
              invoices_received: 40,
              invoices_sent: 60,
            },
          ])
        : collection([
            { year: 2026, month: 1, total: '0.10' },
            { year: 2026, month: 2, total: '0.20' },
          ]),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const routes = [{ path: '/dashboard', element: <DashboardPage /> }];

describe('DashboardPage', () => {
  it('shows the credit and the exact 12-month consumption total', async () => {
    signIn(fakeToken({ it: ['ROLE_INVOICING'], common: ['ROLE_USER'] }));
    await renderRoutes(routes, '/dashboard', ['common', 'dashboard']);
    expect(await screen.findByTestId('credit-available')).toHaveTextContent('€962.50');
    expect(screen.getByText('of €1,500.00 purchased on 26/01/2026')).toBeVisible();
    // 0.10 + 0.20 in floats would be 0.30000000000000004.
    expect(await screen.findByText('Last 12 months: €0.30')).toBeVisible();
  });

  it('hides credit and consumption with ROLE_NO_COSTS', async () => {
    signIn(fakeToken({ it: ['ROLE_INVOICING'], common: ['ROLE_USER', 'ROLE_NO_COSTS'] }));
    await renderRoutes(routes, '/dashboard', ['common', 'dashboard']);
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Credit' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Consumption' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
