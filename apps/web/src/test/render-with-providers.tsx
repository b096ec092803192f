/**
 * The one way component tests render: inside the app's real providers (i18n with the real
 * locale files, React Query, theme, date pickers, snackbars) and a memory router, in the language
 * asked for (English by default). The namespaces are loaded first so the first render does not
 * suspend (tests with fake timers rely on that). The API is the mock server of `./server`.
 */
import { render, renderHook } from '@testing-library/react';
import { Suspense, type ReactElement, type ReactNode } from 'react';
import {
  createMemoryRouter,
  MemoryRouter,
  RouterProvider,
  useLocation,
  type RouteObject,
} from 'react-router';
import { DatePickersProvider } from '../app/date-pickers-provider';
import { AppProviders } from '../app/providers';
import { ThemedProviders } from '../app/themed-root';
import { ToastsProvider } from '../app/toasts-provider';
import { i18n, i18nReady } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

export type TestLanguage = 'it' | 'en' | 'pl';

export interface RenderOptions {
  /** Address the router starts at (default `/`). */
  route?: string;
  /** Translation namespaces the screen uses; `common` is always loaded. */
  namespaces?: string[];
  /** Language of the texts (default English). */
  language?: TestLanguage;
}

async function loadTranslations({ namespaces = [], language = 'en' }: RenderOptions) {
  await i18nReady;
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', ...namespaces]);
}

/** The providers around `children`, with a fresh query client (no cache shared between tests). */
function TestProviders({ children }: { children: ReactNode }) {
  return (
    <AppProviders queryClient={createQueryClient()}>
      <ThemedProviders>
        <DatePickersProvider>
          <ToastsProvider>
            <Suspense fallback={null}>{children}</Suspense>
          </ToastsProvider>
        </DatePickersProvider>
      </ThemedProviders>
    </AppProviders>
  );
}

/**
 * Renders `routes` starting at `options.route`; the router is returned to assert on the address.
 * `renderRoutes(routes, '/path', ['ns'])` is the short form of `{ route, namespaces }`.
 */
export async function renderRoutes(
  routes: RouteObject[],
  routeOrOptions: string | RenderOptions = {},
  namespaces?: string[],
) {
  const options =
    typeof routeOrOptions === 'string' ? { route: routeOrOptions, namespaces } : routeOrOptions;
  await loadTranslations(options);
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  return {
    router,
    ...render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    ),
  };
}

/** Renders one element at `options.route` (any path matches). */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  return renderRoutes([{ path: '*', element: ui }], options);
}

/** `renderHook` inside the same providers and a router at `options.route`. */
export async function renderHookWithProviders<Result, Props>(
  hook: (props: Props) => Result,
  options: RenderOptions & { initialProps?: Props } = {},
) {
  await loadTranslations(options);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders>
      <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
    </TestProviders>
  );
  return renderHook(hook, { wrapper, initialProps: options.initialProps });
}

/** Shows the router's current query string, for tests of what a screen keeps in the address. */
export function AddressProbe() {
  return <output aria-label="address">{useLocation().search}</output>;
}
