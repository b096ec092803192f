/**
 * 'Skip to content': the first Tab stop of every signed-in page. Hidden until focused, it moves
 * the focus to the page's main region, past the top bar and the navigation.
 */
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** Id of the main region the link leads to (AppShell's `<main>`). */
export const mainContentId = 'main-content';

export function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <Link
      href={`#${mainContentId}`}
      onClick={(event) => {
        // The router owns the URL: focus the region without a hash navigation.
        event.preventDefault();
        document.getElementById(mainContentId)?.focus();
      }}
      sx={(theme) => ({
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        fontWeight: 600,
        // Off-screen until the keyboard reaches it.
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': {
          transform: 'none',
          outline: `3px solid ${theme.palette.primary.main}`,
          outlineOffset: 2,
        },
      })}
    >
      {t('skipToContent')}
    </Link>
  );
}
