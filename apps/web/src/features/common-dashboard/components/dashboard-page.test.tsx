import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { renderRoutes } from '../../../test/render-with-providers';
import { sentRequests } from '../../../test/server';
import { DashboardPage } from './dashboard-page';

afterEach(() => clearSession());

const routes = [{ path: '/dashboard', element: <DashboardPage /> }];

describe('DashboardPage', () => {
  it('shows the credit and the exact 12-month consumption total', async () => {
    signIn(fakeToken({ it: ['ROLE_INVOICING'], common: ['ROLE_USER'] }));
    await renderRoutes(routes, '/dashboard', ['common', 'dashboard']);
    expect(await screen.findByTestId('credit-available')).toHaveTextContent('€962.50');
    // The console's one date format (dd MMM yyyy), not DD/MM/YYYY.
    expect(screen.getByText('of €1,500.00 purchased on 26 Jan 2026')).toBeVisible();
    // 0.10 + 0.20 in floats would be 0.30000000000000004.
    expect(await screen.findByText('Last 12 months: €0.30')).toBeVisible();
  });

  it('hides credit and consumption with ROLE_NO_COSTS', async () => {
    signIn(fakeToken({ it: ['ROLE_INVOICING'], common: ['ROLE_USER', 'ROLE_NO_COSTS'] }));
    await renderRoutes(routes, '/dashboard', ['common', 'dashboard']);
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Credit' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Consumption' })).toBeNull();
    expect(sentRequests()).toEqual([]);
  });
});
