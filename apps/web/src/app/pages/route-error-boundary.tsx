import { lazy, Suspense } from 'react';
import { PlainSpinner } from '../../components/plain/plain-spinner';

const ThemedRouteErrorPage = lazy(() => import('./themed-route-error-page'));

/**
 * The routes' error element. The error page is MUI: loaded when an error is shown, inside the
 * theme (a plain screen's error is outside `ThemedRoot`), so no MUI rides on the entry.
 */
export function RouteErrorBoundary() {
  return (
    <Suspense fallback={<PlainSpinner />}>
      <ThemedRouteErrorPage />
    </Suspense>
  );
}
