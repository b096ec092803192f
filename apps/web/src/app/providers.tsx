import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../lib/i18n';
import { createAppTheme } from './theme';

/**
 * The theme follows the active language (MUI texts). The date pickers' provider and the toasts
 * wrap the signed-in console only (`DatePickersProvider`, `ToastsProvider`, in the authenticated
 * layout).
 */
function LocalizedProviders({ children }: { children: ReactNode }) {
  // Subscribing re-renders on language change.
  useTranslation();
  const language = currentLanguage();
  const theme = useMemo(() => createAppTheme(language), [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalizedProviders>{children}</LocalizedProviders>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
