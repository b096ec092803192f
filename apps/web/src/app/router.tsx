/**
 * Route table of spec 2.1. Every page is a lazy route (its own chunk) so the login page only
 * downloads what it renders. Routes of later issues are absent on purpose: until they land they
 * fall through to the not-found page, while their menu entries already exist.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { i18n, namespaces } from '../lib/i18n';
import { RoleGuard } from './guards/role-guard';
import { RouteErrorPage } from './pages/route-error-page';

type PageModule = { default: ComponentType };

/** Turns a default-exported page module into a route `lazy` loader. */
function page(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // Shown while the first lazy route's code arrives.
    HydrateFallback: PageLoader,
    children: [
      { path: '/login', lazy: page(() => import('../features/auth/components/login-page')) },
      {
        path: '/reset-password',
        lazy: page(() => import('../features/auth/components/reset-password-page')),
      },
      {
        path: '/no-services',
        lazy: page(() => import('./pages/no-services-page')),
      },
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
              { path: 'dashboard', lazy: page(() => import('./pages/dashboard-route')) },
              {
                path: 'profile',
                lazy: page(() => import('../features/common-profile/components/profile-page')),
              },
              {
                path: 'settings/pre-sale-actions',
                lazy: page(
                  () =>
                    import('../features/common-pre-sale-actions/components/pre-sale-actions-page'),
                ),
              },
              {
                element: (
                  <RoleGuard
                    context="common"
                    requiredRole="ROLE_SUB_ACCOUNT_MANAGER"
                    redirectTo="/"
                  />
                ),
                children: [
                  {
                    path: 'settings/sub-accounts',
                    lazy: page(
                      () => import('../features/common-sub-accounts/components/sub-accounts-page'),
                    ),
                  },
                ],
              },
              {
                // Spec 2.11: the integration page needs ROLE_CONFIG, otherwise back to /.
                element: <RoleGuard context="it" requiredRole="ROLE_CONFIG" redirectTo="/" />,
                children: [
                  {
                    path: 'api-configurations',
                    lazy: page(
                      () =>
                        import('../features/it-api-configurations/components/api-configurations-page'),
                    ),
                  },
                ],
              },
              {
                path: 'customer-invoice',
                lazy: page(() => import('./pages/customer-invoice-route')),
              },
              {
                path: 'customer-invoice/:invoiceUuid/fix',
                lazy: page(
                  () => import('../features/it-invoice-create/components/fix-invoice-page'),
                ),
              },
              {
                path: 'customer-invoice/:uuid/download-pdf',
                lazy: page(
                  () => import('../features/it-invoices/components/invoice-download-page'),
                ),
              },
              {
                path: 'customer-invoice/:uuid/download-xml',
                lazy: page(
                  () => import('../features/it-invoices/components/invoice-download-page'),
                ),
              },
              {
                path: 'invoice-drafts',
                lazy: page(() => import('./pages/invoice-drafts-route')),
              },
              {
                path: 'supplier-invoice',
                lazy: page(() => import('./pages/supplier-invoice-route')),
              },
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
