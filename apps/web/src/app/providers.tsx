import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../lib/i18n';
import { createAppTheme } from './theme';

/**
 * The theme follows the active language (MUI texts). The date pickers' provider wraps the
 * signed-in console only (`DatePickersProvider`, in the authenticated layout).
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
        <LocalizedProviders>
          {/* The spec caps simultaneous snackbars at 3. Bottom centre: the sticky submit bars
              keep their buttons on the right, where a toast would cover them. */}
          <SnackbarProvider
            maxSnack={3}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          >
            {children}
          </SnackbarProvider>
        </LocalizedProviders>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
