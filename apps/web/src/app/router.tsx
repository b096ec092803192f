/**
 * Route table of spec 2.1, built from the screens the features declare (`app/screens.ts`).
 * Every page is a lazy route (its own chunk) so the login page only downloads what it renders.
 * Screens of later issues have no page yet: they fall through to the not-found page, while
 * their menu entries already exist.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { i18n, namespaces } from '../lib/i18n';
import type { PageModule, Screen } from '../lib/screens';
import { RoleGuard } from './guards/role-guard';
import { RouteErrorPage } from './pages/route-error-page';
import { screens } from './screens';

/** Turns a default-exported page module into a route `lazy` loader. */
function page(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/** A screen's route, inside its role guard when it has one; null for a screen without page. */
function screenRoute(screen: Screen, relative: boolean): RouteObject | null {
  if (!screen.page) return null;
  const route: RouteObject = {
    path: relative ? screen.path.slice(1) : screen.path,
    lazy: page(screen.page),
  };
  if (!screen.guard) return route;
  return { element: <RoleGuard guard={screen.guard} />, children: [route] };
}

function routesOf(list: readonly Screen[], relative: boolean): RouteObject[] {
  return list.flatMap((screen) => screenRoute(screen, relative) ?? []);
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // Shown while the first lazy route's code arrives.
    HydrateFallback: PageLoader,
    children: [
      ...routesOf(
        screens.filter((screen) => screen.public),
        false,
      ),
      {
        path: '/',
        // Every translation file of the language (about 12 KB gzip in all) is fetched together
        // with the shell: each page's own namespaces would otherwise arrive one after another,
        // as each component suspends in turn, and hold back the page's first API call.
        lazy: page(() =>
          Promise.all([
            import('./guards/authenticated-layout'),
            i18n.loadNamespaces(namespaces),
          ]).then(([module]) => module),
        ),
        children: [
          {
            // Errors inside a page keep the shell around the error page.
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              ...routesOf(
                screens.filter((screen) => !screen.public),
                true,
              ),
              { path: '*', lazy: page(() => import('./pages/not-found-page')) },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
