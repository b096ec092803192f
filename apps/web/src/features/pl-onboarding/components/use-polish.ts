/**
 * The onboarding page speaks Polish whatever the console's language (spec 2: "the onboarding
 * page forces Polish"): a translator fixed to Polish, not a change of the app's language, so the
 * language the user chose (and keeps in localStorage) is the one the console still speaks when
 * they leave the page.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';

const NAMESPACE = 'plOnboarding';
const POLISH = { lng: 'pl' } as const;

let polishTexts: Promise<void> | undefined;

/**
 * The page's Polish texts, fetched once. Loaded through the backend directly: react-i18next's own
 * loading of a fixed language would add Polish to the languages i18next preloads, and every later
 * screen would fetch its Polish texts too.
 */
function loadPolishTexts(): Promise<void> {
  polishTexts ??= new Promise<void>((resolve) => {
    const connector = i18n.services.backendConnector as {
      load: (languages: string[], namespaces: string[], callback: () => void) => void;
    };
    // A file that fails falls back to the English texts, key by key, as any namespace does.
    connector.load(['pl'], [NAMESPACE], () => resolve());
  });
  return polishTexts;
}

const hasPolishTexts = () => i18n.hasResourceBundle('pl', NAMESPACE);

/** Whether the Polish texts are here; fetches them on first use (render `usePolish` only then). */
export function usePolishTexts(): boolean {
  const [ready, setReady] = useState(hasPolishTexts);
  useEffect(() => {
    if (ready) return;
    let current = true;
    void loadPolishTexts().then(() => {
      if (current) setReady(true);
    });
    return () => {
      current = false;
    };
  }, [ready]);
  return ready;
}

export function usePolish() {
  return useTranslation(NAMESPACE, POLISH);
}
