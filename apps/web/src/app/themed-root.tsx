import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { currentLanguage } from '../lib/i18n';
import { createAppTheme } from './theme';

/**
 * MUI's theme, following the active language (MUI texts). Not around the whole router: the
 * plain screens (the login page) render without it, so their first load carries neither MUI nor
 * emotion; every other screen is inside `ThemedRoot`, a lazy layout route (`router.tsx`).
 */
export function ThemedProviders({ children }: { children: ReactNode }) {
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

/** The layout route of every themed screen. */
export default function ThemedRoot() {
  return (
    <ThemedProviders>
      <Outlet />
    </ThemedProviders>
  );
}
