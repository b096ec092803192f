/**
 * i18next set-up. Translations live in `src/locales/{it,en,pl}/<namespace>.json`; they are found
 * through `import.meta.glob`, so a feature only adds its files, and each file is a separate chunk
 * fetched when a screen first asks for that language and namespace.
 */
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const supportedLanguages = ['it', 'en', 'pl'] as const;

export type Language = (typeof supportedLanguages)[number];

export const fallbackLanguage: Language = 'en';

export const defaultNamespace = 'common';

/** What the shell (top bar, menus, dialogs of the shell) shows: loaded with it, on every screen. */
export const shellNamespaces = ['common', 'shell'] as const;

type LocaleModule = { default: Record<string, unknown> };

const localeLoaders = import.meta.glob<LocaleModule>('../locales/*/*.json');

function loaderPath(language: string, namespace: string): string {
  return `../locales/${language}/${namespace}.json`;
}

const globBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeLoaders[loaderPath(language, namespace)];
    if (!load) {
      // A namespace a language lacks falls back to English key by key instead of failing.
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isSupportedLanguage(value: string | undefined): value is Language {
  return (supportedLanguages as readonly string[]).includes(value ?? '');
}

/** The active language, reduced to one we ship ('en-US' → 'en'). */
export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const base = resolved?.split('-')[0];
  return isSupportedLanguage(base) ? base : fallbackLanguage;
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined')
    document.documentElement.lang = language.split('-')[0] ?? language;
});

/** Resolves once the detected language's default namespace is loaded. */
export const i18nReady = i18n
  .use(globBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...supportedLanguages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: fallbackLanguage,
    ns: [defaultNamespace],
    defaultNS: defaultNamespace,
    fallbackNS: defaultNamespace,
    interpolation: { escapeValue: false }, // React escapes already
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      caches: ['localStorage'],
    },
    react: { useSuspense: true },
  });

export { i18n };
