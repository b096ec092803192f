import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-with-providers';
import { RouteErrorPage } from './route-error-page';

function Broken(): never {
  throw new Error('render failure');
}

const routes = [
  { path: '/', element: <p>home here</p> },
  { path: '/broken', element: <Broken />, errorElement: <RouteErrorPage /> },
  {
    path: '/customer-invoice/:uuid/download-pdf',
    element: <Broken />,
    errorElement: <RouteErrorPage />,
  },
  { path: '/customer-invoice', element: <p>customer invoices here</p> },
  { path: '/dashboard', element: <p>dashboard here</p> },
];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
/** Lets the five one-second steps run, each with its render. */
async function countDown() {
  await act(() => vi.advanceTimersByTimeAsync(0));
  for (let second = 0; second < 5; second += 1) {
    await act(() => vi.advanceTimersByTimeAsync(1000));
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('RouteErrorPage', () => {
  it('counts down five seconds, then leaves for / when there is no previous page', async () => {
    const { router } = await renderRoutes(routes, '/broken');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent('Leaving this page in 5 s');

    for (let second = 4; second >= 1; second -= 1) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByRole('timer')).toHaveTextContent(`Leaving this page in ${second} s`);
    }
    expect(router.state.location.pathname).toBe('/broken');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('home here')).toBeVisible();
  });

  it('goes back to the previous page when there is one', async () => {
    const { router } = await renderRoutes(routes, '/dashboard');
    await act(() => router.navigate('/broken'));
    await countDown();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('returns to the customer invoices after an invoice download failed', async () => {
    const { router } = await renderRoutes(routes, '/customer-invoice/abc/download-pdf');
    await countDown();
    expect(router.state.location.pathname).toBe('/customer-invoice');
  });

  it('offers a way back to the customer invoices at once', async () => {
    const { router } = await renderRoutes(routes, '/broken');
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(async () => {
      screen.getByRole('button', { name: 'Back to customer invoices' }).click();
    });
    expect(router.state.location.pathname).toBe('/customer-invoice');
  });
});
