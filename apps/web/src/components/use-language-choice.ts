import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { currentLanguage, supportedLanguages } from '../lib/i18n';

/** The address's language parameter (i18next's querystring detector reads it first). */
const LANGUAGE_PARAM = 'lng';

/** Language names are written in their own language so anyone can find theirs. */
export const nativeLanguageNames = { it: 'Italiano', en: 'English', pl: 'Polski' } as const;

/**
 * The language menus' choice (the themed one in the top bar and on the public pages, the plain
 * one of the login page): the user's choice wins from now on. It is kept (localStorage) and a
 * `?lng=` of the address, which the detector reads before it, leaves the address, so a reload
 * keeps the choice.
 */
export function useLanguageChoice() {
  const { i18n } = useTranslation('common');
  const location = useLocation();
  const navigate = useNavigate();
  const choose = (language: string) => {
    void i18n.changeLanguage(language);
    const params = new URLSearchParams(location.search);
    if (!params.has(LANGUAGE_PARAM)) return;
    params.delete(LANGUAGE_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
  };
  return { active: currentLanguage(), languages: supportedLanguages, choose };
}
