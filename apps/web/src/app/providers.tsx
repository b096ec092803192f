import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import 'dayjs/locale/it';
import 'dayjs/locale/pl';
import { SnackbarProvider } from 'notistack';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../lib/i18n';
import { createAppTheme } from './theme';

/** Theme and date pickers follow the active language (MUI texts, dayjs month names). */
function LocalizedProviders({ children }: { children: ReactNode }) {
  // Subscribing re-renders on language change.
  useTranslation();
  const language = currentLanguage();
  const theme = useMemo(() => createAppTheme(language), [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language}>
        {children}
      </LocalizationProvider>
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
