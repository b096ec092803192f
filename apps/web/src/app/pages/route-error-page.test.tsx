import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-with-providers';
import { RouteErrorPage } from './route-error-page';

function Broken(): never {
  throw new Error('render failure');
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('RouteErrorPage', () => {
  it('counts down five seconds, then goes to the dashboard', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { router } = await renderRoutes(
      [
        { path: '/broken', element: <Broken />, errorElement: <RouteErrorPage /> },
        { path: '/dashboard', element: <p>dashboard here</p> },
      ],
      '/broken',
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent('Back to the dashboard in 5 s');

    for (let second = 4; second >= 1; second -= 1) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByRole('timer')).toHaveTextContent(`Back to the dashboard in ${second} s`);
    }
    expect(router.state.location.pathname).toBe('/broken');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('dashboard here')).toBeVisible();
  });
});
