import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, signIn } from '../../../lib/auth';
import { fakeToken } from '../../../test/fake-token';
import { renderWithProviders } from '../../../test/render-with-providers';
import { sentRequests } from '../../../test/server';
import { YearlyStatistics } from './yearly-statistics';

/** The stats calls, as path and query. */
function statsCalls() {
  return sentRequests().map(({ path, query }) => `${path}?${query.toString()}`);
}

function renderStatistics(fiscalId?: string) {
  return renderWithProviders(
    <YearlyStatistics fiscalId={fiscalId} now={new Date('2026-11-22T10:00:00Z')} />,
    { route: '/dashboard', namespaces: ['statistics'] },
  );
}

afterEach(() => clearSession());

describe('YearlyStatistics', () => {
  it('shows counts, exact costs and charts, and refetches for another year', async () => {
    signIn(fakeToken({ it: ['ROLE_SHOW_STATS'], common: ['ROLE_USER'] }));
    const user = userEvent.setup();
    await renderStatistics('01234567890');
    expect(await screen.findByTestId('stats-customer-count')).toHaveTextContent('3');
    expect(screen.getByTestId('stats-customer-cost')).toHaveTextContent('€1,234.50');
    expect(screen.getByRole('region', { name: 'Costs per month' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications per month, by type' })).toBeVisible();
    expect(statsCalls()[0]).toBe('/api/it/invoices/stats/2026?fiscal_id=01234567890');

    await user.click(screen.getByRole('combobox', { name: 'Year' }));
    const years = await screen.findAllByRole('option');
    expect(years.map((option) => option.textContent)).toEqual([
      '2026',
      '2025',
      '2024',
      '2023',
      '2022',
      '2021',
      '2020',
    ]);
    await user.click(screen.getByRole('option', { name: '2024' }));
    await vi.waitFor(() =>
      expect(statsCalls()).toContain('/api/it/invoices/stats/2024?fiscal_id=01234567890'),
    );
  });

  it('hides the costs with ROLE_NO_COSTS', async () => {
    signIn(fakeToken({ it: ['ROLE_SHOW_STATS'], common: ['ROLE_USER', 'ROLE_NO_COSTS'] }));
    await renderStatistics();
    expect(await screen.findByTestId('stats-customer-count')).toHaveTextContent('3');
    expect(screen.queryByTestId('stats-customer-cost')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Costs per month' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Invoices per month' })).toBeInTheDocument();
  });
});
