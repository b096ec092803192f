/**
 * Route table of spec 2.1, built from the screens the features declare (`app/screens.ts`).
 * Every page is a lazy route (its own chunk) fetched together with the translation namespaces
 * it declares, so a screen downloads only what it shows; a screen's `prefetch` runs as its
 * route's loader, so the page's first API call starts with its code, not after it. Screens of
 * later issues have no page yet: they fall through to the not-found page, while their menu
 * entries already exist.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PlainSpinner } from '../components/plain/plain-spinner';
import { i18n, shellNamespaces } from '../lib/i18n';
import type { PageModule, Screen } from '../lib/screens';
import { RoleGuard } from './guards/role-guard';
import { RouteErrorBoundary } from './pages/route-error-boundary';
import { startScreenPrefetch } from './screen-prefetch';
import { screens } from './screens';

/**
 * Turns a default-exported page module into a route `lazy` loader, its translation namespaces
 * fetched alongside (in parallel, not after the code has run and suspended on them).
 */
function page(
  load: () => Promise<PageModule>,
  namespaces: readonly string[] = [],
): RouteObject['lazy'] {
  return async () => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces([...namespaces])]);
    return { Component: module.default };
  };
}

/**
 * The route loader of a screen with a `prefetch`: fires the page's first API call and returns at
 * once (the page renders from the query cache; nothing waits for the answer here). Without a
 * session the layout sends the user to the login page: nothing is asked.
 */
function prefetchLoader(screen: Screen): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  if (!screen.prefetch) return {};
  return {
    loader: ({ request }) => {
      startScreenPrefetch(screen, new URL(request.url));
      return null;
    },
    // Filters, pages and dialogs change the address of a page already shown: its own queries
    // ask for those; the loader only speeds up the first visit.
    shouldRevalidate: () => false,
  };
}

/** A screen's route, inside its role guard when it has one; null for a screen without page. */
function screenRoute(screen: Screen, relative: boolean): RouteObject | null {
  if (!screen.page) return null;
  const route: RouteObject = {
    path: relative ? screen.path.slice(1) : screen.path,
    lazy: page(screen.page, screen.namespaces),
    ...prefetchLoader(screen),
  };
  if (!screen.guard) return route;
  return { element: <RoleGuard guard={screen.guard} />, children: [route] };
}

function routesOf(list: readonly Screen[], relative: boolean): RouteObject[] {
  return list.flatMap((screen) => screenRoute(screen, relative) ?? []);
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorBoundary />,
    // Shown while the first lazy route's code arrives (no MUI yet: a plain screen may be first).
    HydrateFallback: PlainSpinner,
    children: [
      // Drawn without MUI: their first load carries neither MUI nor its theme (the login page).
      ...routesOf(
        screens.filter((screen) => screen.public && screen.plain),
        false,
      ),
      {
        // Every other screen inside MUI's theme, loaded with the first of them.
        lazy: page(() => import('./themed-root')),
        children: [
          ...routesOf(
            screens.filter((screen) => screen.public && !screen.plain),
            false,
          ),
          {
            path: '/',
            // The shell's own texts come with the shell; each page brings its namespaces.
            lazy: page(() => import('./guards/authenticated-layout'), shellNamespaces),
            children: [
              {
                // Errors inside a page keep the shell around the error page.
                errorElement: <RouteErrorBoundary />,
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
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
