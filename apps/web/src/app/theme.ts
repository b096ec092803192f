import { createTheme } from '@mui/material/styles';
import type { Language } from '../lib/i18n';

/**
 * The words MUI's own components show, in the console's languages (MUI's it, en and pl wording).
 * Not `@mui/material/locale`: each of its locales makes an Intl.NumberFormat as its module loads,
 * three ICU locale loads (40-60 ms here) before the first paint, for the pagination labels the
 * list kit translates itself.
 */
const muiTexts: Record<
  Language,
  { clear: string; close: string; loading: string; noOptions: string; open: string }
> = {
  it: {
    clear: 'Svuota',
    close: 'Chiudi',
    loading: 'Caricamento in corso…',
    noOptions: 'Nessuna opzione',
    open: 'Apri',
  },
  en: {
    clear: 'Clear',
    close: 'Close',
    loading: 'Loading…',
    noOptions: 'No options',
    open: 'Open',
  },
  pl: {
    clear: 'Wyczyść',
    close: 'Zamknij',
    loading: 'Ładowanie…',
    noOptions: 'Brak opcji',
    open: 'Otwórz',
  },
};

function muiLocalization(language: Language) {
  const words = muiTexts[language];
  return {
    components: {
      MuiAlert: { defaultProps: { closeText: words.close } },
      MuiAutocomplete: {
        defaultProps: {
          clearText: words.clear,
          closeText: words.close,
          loadingText: words.loading,
          noOptionsText: words.noOptions,
          openText: words.open,
        },
      },
    },
  };
}

/** Desktop drawer width (spec 2.3, 9). */
export const drawerWidth = 256;

/**
 * A calm back-office look: white surfaces with hairline borders instead of shadows, one strong
 * blue for actions, dense but readable type.
 */
export function createAppTheme(language: Language) {
  return createTheme(
    {
      palette: {
        mode: 'light',
        primary: { main: '#1d4ed8', dark: '#1e3a8a', light: '#3b82f6', contrastText: '#fff' },
        secondary: { main: '#0f766e' },
        background: { default: '#f5f7fb', paper: '#ffffff' },
        text: { primary: '#0f172a', secondary: '#475569' },
        divider: '#e2e8f0',
      },
      shape: { borderRadius: 10 },
      typography: {
        fontFamily:
          '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
        h4: { fontWeight: 700, letterSpacing: '-0.02em' },
        h5: { fontWeight: 700, letterSpacing: '-0.01em' },
        h6: { fontWeight: 600 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiAppBar: {
          defaultProps: { elevation: 0, color: 'inherit' },
          styleOverrides: {
            root: ({ theme }) => ({
              backgroundColor: theme.palette.background.paper,
              borderBottom: `1px solid ${theme.palette.divider}`,
            }),
          },
        },
        MuiCard: {
          defaultProps: { variant: 'outlined' },
        },
        MuiPaper: {
          styleOverrides: { outlined: ({ theme }) => ({ borderColor: theme.palette.divider }) },
        },
        MuiButtonBase: {
          styleOverrides: {
            // Every button, icon button, tab, menu item and list entry shows where the keyboard
            // focus is: a visible outline, not only MUI's faint ripple.
            root: ({ theme }) => ({
              '&.Mui-focusVisible': {
                outline: `2px solid ${theme.palette.primary.main}`,
                outlineOffset: 2,
              },
            }),
          },
        },
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiListSubheader: {
          styleOverrides: {
            root: ({ theme }) => ({
              fontSize: 11,
              fontWeight: 700,
              letterSpacing: '0.08em',
              textTransform: 'uppercase',
              lineHeight: '32px',
              color: theme.palette.text.secondary,
              backgroundColor: 'transparent',
            }),
          },
        },
        MuiListItemButton: {
          styleOverrides: {
            root: ({ theme }) => ({
              borderRadius: 8,
              margin: '1px 8px',
              '&.Mui-selected': {
                backgroundColor: '#e8efff',
                color: theme.palette.primary.dark,
                '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
              },
            }),
          },
        },
        MuiListItemIcon: { styleOverrides: { root: { minWidth: 36 } } },
        MuiTextField: { defaultProps: { fullWidth: true } },
        MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
      },
    },
    muiLocalization(language),
  );
}
