import { useTranslation } from 'react-i18next';

/**
 * The spinner shown while a screen's code arrives, before MUI is loaded (router's hydrate
 * fallback, the app's Suspense): it looks like `PageLoader`'s, drawn with plain.css.
 */
export function PlainSpinner() {
  // A fallback must never suspend itself (it is what Suspense shows while a language loads).
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div className="plain-spinner-frame">
      <svg
        className="plain-spinner"
        viewBox="22 22 44 44"
        role="progressbar"
        aria-label={t('loading')}
      >
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </div>
  );
}
