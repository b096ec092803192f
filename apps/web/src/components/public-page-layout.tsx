import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { FiscusLogo } from './fiscus-logo';
import { LanguageMenu } from './language-menu';

interface PublicPageLayoutProps {
  children: ReactNode;
  /** Content under the card, e.g. the sandbox demo logins. */
  footer?: ReactNode;
  maxWidth?: number;
  /** The footer may be wider than the card (e.g. a two-column list). */
  footerMaxWidth?: number;
}

/** Frame of the pages shown without the shell: login, password reset, no services, not found. */
export function PublicPageLayout({
  children,
  footer,
  maxWidth = 440,
  footerMaxWidth = maxWidth,
}: PublicPageLayoutProps) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(180deg, #eef3ff 0%, #f5f7fb 45%)',
      }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          px: 3,
          py: 2,
        }}
      >
        <FiscusLogo size={32} />
        <LanguageMenu color="primary" />
      </Box>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          px: 2,
          pb: 6,
        }}
      >
        <Paper
          variant="outlined"
          sx={{ width: '100%', maxWidth, mt: { xs: 2, sm: 6 }, p: { xs: 3, sm: 4 } }}
        >
          {children}
        </Paper>
        {footer ? (
          <Box sx={{ width: '100%', maxWidth: footerMaxWidth, mt: 3 }}>{footer}</Box>
        ) : null}
      </Box>
    </Box>
  );
}
