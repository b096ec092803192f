import MenuIcon from '@mui/icons-material/Menu';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FiscusLogo } from '../../components/fiscus-logo';
import { LanguageMenu } from '../../components/language-menu';
import { useSession } from '../../lib/auth';
import { useExitSwitch } from './use-switch-user';
import { UserMenu } from './user-menu';

interface TopBarProps {
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  onSwitchUser: () => void;
}

export function TopBar({ drawerOpen, onToggleDrawer, onSwitchUser }: TopBarProps) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const exitSwitch = useExitSwitch();
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          edge="start"
          aria-label={t(drawerOpen ? 'topBar.closeNavigation' : 'topBar.openNavigation')}
          aria-expanded={drawerOpen}
          onClick={onToggleDrawer}
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to="/dashboard"
          aria-label={t('topBar.home')}
          sx={{ display: 'inline-flex', textDecoration: 'none', mr: 1 }}
        >
          <FiscusLogo size={28} />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {session?.impersonation ? (
          <Chip
            color="warning"
            icon={<SupervisorAccountIcon />}
            label={t('impersonation.actingAs', { username: session.impersonation.username })}
            onDelete={exitSwitch}
            sx={{ maxWidth: { xs: 160, sm: 360 } }}
          />
        ) : null}
        <LanguageMenu />
        <UserMenu onSwitchUser={onSwitchUser} />
      </Toolbar>
    </AppBar>
  );
}
