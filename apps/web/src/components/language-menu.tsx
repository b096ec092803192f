import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { currentLanguage, supportedLanguages } from '../lib/i18n';

/** The address's language parameter (i18next's querystring detector reads it first). */
const LANGUAGE_PARAM = 'lng';

/** Language names are written in their own language so anyone can find theirs. */
const nativeNames = { it: 'Italiano', en: 'English', pl: 'Polski' } as const;

interface LanguageMenuProps {
  color?: 'inherit' | 'primary';
}

export function LanguageMenu({ color = 'inherit' }: LanguageMenuProps) {
  const { t, i18n } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const active = currentLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  /**
   * The user's choice wins from now on: it is kept (localStorage) and a `?lng=` of the address,
   * which the detector reads before it, leaves the address, so a reload keeps the choice.
   */
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
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        aria-label={t('language.choose')}
        data-testid="language-menu"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {active.toUpperCase()}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {supportedLanguages.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            selected={language === active}
            onClick={() => {
              setAnchor(null);
              choose(language);
            }}
          >
            {nativeNames[language]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
