import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * A list cell's link to a row's details dialog: a real link to the dialog's address (copy it,
 * open it in a new tab), and a plain click opens the dialog through history (Back closes it);
 * a click with a modifier key or another button keeps the browser's own behaviour.
 */
export function DialogLink({
  href,
  onOpen,
  sx,
  children,
}: {
  href: string;
  onOpen: () => void;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Link
      component={RouterLink}
      to={href}
      sx={sx}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </Link>
  );
}
