import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-with-providers';
import NotFoundPage from './not-found-page';

const routes = [
  { path: '/', element: <p>home here</p> },
  { path: '/dashboard', element: <p>dashboard here</p> },
  { path: '/customer-invoice', element: <p>customer invoices here</p> },
  { path: '*', element: <NotFoundPage /> },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('NotFoundPage', () => {
  it('counts down five seconds, then goes back to the previous page', async () => {
    const { router } = await renderRoutes(routes, '/dashboard');
    await act(() => router.navigate('/no/such/page'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent('Leaving this page in 5 s');
    for (let second = 4; second >= 1; second -= 1) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByRole('timer')).toHaveTextContent(`Leaving this page in ${second} s`);
    }
    expect(router.state.location.pathname).toBe('/no/such/page');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('goes to the customer invoices at once with the button', async () => {
    const { router } = await renderRoutes(routes, '/no/such/page');
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(async () => {
      screen.getByRole('button', { name: 'Back to customer invoices' }).click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(router.state.location.pathname).toBe('/customer-invoice');
    expect(screen.getByText('customer invoices here')).toBeVisible();
  });
});
