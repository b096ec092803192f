import { ThemedProviders } from '../themed-root';
import { RouteErrorPage } from './route-error-page';

/** The error page in MUI's theme, wherever the error happened (`RouteErrorBoundary`). */
export default function ThemedRouteErrorPage() {
  return (
    <ThemedProviders>
      <RouteErrorPage />
    </ThemedProviders>
  );
}
