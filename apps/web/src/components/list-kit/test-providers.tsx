import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import listKit from '../../locales/en/listKit.json';

type Namespaces = Record<string, Record<string, unknown>>;

/**
 * An i18next instance holding the kit's English strings (plus a screen's own namespaces),
 * ready synchronously (tests only).
 */
export function createTestI18n(namespaces: Namespaces = {}) {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { listKit, ...namespaces } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * Router at `initialUrl`, the date adapter and the kit's translations, for rendering kit
 * components in tests. Superseded by `src/test/render-with-providers.tsx` (`renderWithProviders`),
 * which every other test uses; kept only until `resource-page/resource-list-page.test.tsx` moves.
 */
export function ListKitTestProviders({
  initialUrl = '/list',
  namespaces,
  children,
}: {
  initialUrl?: string;
  namespaces?: Namespaces;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={createTestI18n(namespaces)}>
      {/* The app's providers give the date pickers their adapter; tests do the same. */}
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en">
        <MemoryRouter initialEntries={[initialUrl]}>{children}</MemoryRouter>
      </LocalizationProvider>
    </I18nextProvider>
  );
}
