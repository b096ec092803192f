import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { onUnauthorizedWhileImpersonating } from '../../lib/api-client';
import { useCan } from '../../lib/roles';
import { drawerWidth } from '../theme';
import { useActiveContext } from './active-context';
import { ImpersonationDialog } from './impersonation-dialog';
import { NavDrawer } from './nav-drawer';
import { mainContentId, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/** Top bar, navigation drawer (temporary on mobile, persistent on desktop) and the page. */
export function AppShell() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { t } = useTranslation('shell');
  const { enqueueSnackbar } = useSnackbar();
  const access = useCan();
  const [context, setContext] = useActiveContext(access.availableContexts);
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [switchDialogOpen, setSwitchDialogOpen] = useState(false);

  useEffect(
    () =>
      onUnauthorizedWhileImpersonating(() => {
        enqueueSnackbar(t('impersonation.unauthorized'), {
          variant: 'error',
          preventDuplicate: true,
        });
      }),
    [enqueueSnackbar, t],
  );

  const drawerOpen = isDesktop ? desktopOpen : mobileOpen;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <TopBar
        drawerOpen={drawerOpen}
        onToggleDrawer={() =>
          isDesktop ? setDesktopOpen((open) => !open) : setMobileOpen((open) => !open)
        }
        onSwitchUser={() => setSwitchDialogOpen(true)}
      />
      {context ? (
        <NavDrawer
          variant={isDesktop ? 'persistent' : 'temporary'}
          open={drawerOpen}
          onClose={() => setMobileOpen(false)}
          context={context}
          onContextChange={setContext}
        />
      ) : null}
      <Box
        component="main"
        id={mainContentId}
        tabIndex={-1}
        sx={{
          outline: 'none',
          flexGrow: 1,
          minWidth: 0,
          // The persistent drawer keeps its slot; closing it slides the page over that slot.
          ml: { md: desktopOpen ? 0 : `-${drawerWidth}px` },
          transition: theme.transitions.create('margin', {
            easing: theme.transitions.easing.sharp,
            duration: theme.transitions.duration.leavingScreen,
          }),
        }}
      >
        <Toolbar />
        <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1600, mx: 'auto' }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <ImpersonationDialog open={switchDialogOpen} onClose={() => setSwitchDialogOpen(false)} />
    </Box>
  );
}
