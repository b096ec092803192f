import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nativeLanguageNames, useLanguageChoice } from './use-language-choice';

interface LanguageMenuProps {
  color?: 'inherit' | 'primary';
}

export function LanguageMenu({ color = 'inherit' }: LanguageMenuProps) {
  const { t } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { active, languages, choose } = useLanguageChoice();
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
        {languages.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            selected={language === active}
            onClick={() => {
              setAnchor(null);
              choose(language);
            }}
          >
            {nativeLanguageNames[language]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
