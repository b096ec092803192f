import { render } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { i18n, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders routes inside the real providers, in English, starting at `path`. The namespaces are
 * loaded first so the first render does not suspend (tests with fake timers rely on that).
 */
export async function renderRoutes(
  routes: RouteObject[],
  path: string,
  namespaces: string[] = ['common'],
) {
  await i18nReady;
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(namespaces);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const ui: ReactElement = (
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  );
  return { router, ...render(ui) };
}
