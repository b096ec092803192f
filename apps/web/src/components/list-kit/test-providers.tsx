import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import listKit from '../../locales/en/listKit.json';

/** An i18next instance holding the kit's English strings, ready synchronously (tests only). */
export function createTestI18n() {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { listKit } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** Router at `initialUrl` plus the kit's translations, for rendering kit components in tests. */
export function ListKitTestProviders({
  initialUrl = '/list',
  children,
}: {
  initialUrl?: string;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={createTestI18n()}>
      <MemoryRouter initialEntries={[initialUrl]}>{children}</MemoryRouter>
    </I18nextProvider>
  );
}
