import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';

/**
 * What every screen needs: the texts and the query cache. MUI's theme is not here: it wraps the
 * themed screens only (`ThemedProviders`, `themed-root.tsx`), so a plain screen's first load
 * carries no MUI. The date pickers' provider and the toasts wrap the signed-in console only
 * (`DatePickersProvider`, `ToastsProvider`, in the authenticated layout).
 */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
