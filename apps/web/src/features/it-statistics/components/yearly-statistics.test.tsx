import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListKitTestProviders } from '../../../components/list-kit/test-providers';
import { clearSession, signIn } from '../../../lib/auth';
import common from '../../../locales/en/common.json';
import statistics from '../../../locales/en/statistics.json';
import { fakeToken } from '../../../test/fake-token';
import { YearlyStatistics } from './yearly-statistics';

const zero = { at: 0, dt: 0, mc: 0, ne: 0, ns: 0, rc: 0 };
const period = (count: number, cost: string) => ({
  customer_invoices: { count, cost },
  supplier_invoice: { count: 1, cost: '0.10' },
  notifications: { ...zero, rc: count },
});

function stubStats() {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://console.test');
      paths.push(`${url.pathname}${url.search}`);
      return new Response(
        JSON.stringify({
          stats: period(3, '1234.50'),
          months: Array.from({ length: 12 }, (_unused, index) => ({
            ...period(index === 10 ? 3 : 0, index === 10 ? '1234.50' : '0.00'),
            month: index + 1,
          })),
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
  return paths;
}

function renderStatistics(fiscalId?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ListKitTestProviders initialUrl="/dashboard" namespaces={{ statistics, common }}>
        <YearlyStatistics fiscalId={fiscalId} now={new Date('2026-11-22T10:00:00Z')} />
      </ListKitTestProviders>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('YearlyStatistics', () => {
  it('shows counts, exact costs and charts, and refetches for another year', async () => {
    signIn(fakeToken({ it: ['ROLE_SHOW_STATS'], common: ['ROLE_USER'] }));
    const user = userEvent.setup();
    const paths = stubStats();
    renderStatistics('01234567890');
    expect(await screen.findByTestId('stats-customer-count')).toHaveTextContent('3');
    expect(screen.getByTestId('stats-customer-cost')).toHaveTextContent('€1,234.50');
    expect(screen.getByRole('region', { name: 'Costs per month' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications per month, by type' })).toBeVisible();
    expect(paths[0]).toBe('/api/it/invoices/stats/2026?fiscal_id=01234567890');

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
      expect(paths).toContain('/api/it/invoices/stats/2024?fiscal_id=01234567890'),
    );
  });

  it('hides the costs with ROLE_NO_COSTS', async () => {
    signIn(fakeToken({ it: ['ROLE_SHOW_STATS'], common: ['ROLE_USER', 'ROLE_NO_COSTS'] }));
    stubStats();
    renderStatistics();
    expect(await screen.findByTestId('stats-customer-count')).toHaveTextContent('3');
    expect(screen.queryByTestId('stats-customer-cost')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Costs per month' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Invoices per month' })).toBeInTheDocument();
  });
});
