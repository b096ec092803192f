import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import GroupIcon from '@mui/icons-material/Group';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PersonIcon from '@mui/icons-material/Person';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearSession, useSession } from '../../lib/auth';
import { accessFor, useCan } from '../../lib/roles';
import type { UserMenuIcon } from '../../lib/screens';
import {
  userMenuEntries,
  userMenuScreen,
  type UserMenuAction,
  type UserMenuEntryId,
} from './user-menu-entries';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { useExitSwitch } from './use-switch-user';

const screenIcons: Record<UserMenuIcon, ReactElement> = {
  person: <PersonIcon fontSize="small" />,
  alerts: <NotificationsActiveIcon fontSize="small" />,
  group: <GroupIcon fontSize="small" />,
  help: <HelpOutlineIcon fontSize="small" />,
};

const actionIcons: Record<UserMenuAction, ReactElement> = {
  switchUser: <SupervisorAccountIcon fontSize="small" />,
  exitSwitch: <ExitToAppIcon fontSize="small" />,
  logout: <LogoutIcon fontSize="small" />,
};

function entryIcon(id: UserMenuEntryId): ReactElement | undefined {
  const target = userMenuScreen(id);
  return target ? screenIcons[target.icon] : actionIcons[id as UserMenuAction];
}

export function UserMenu({ onSwitchUser }: { onSwitchUser: () => void }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const access = useCan();
  const navigate = useNavigate();
  const exitSwitch = useExitSwitch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!session) return null;
  const tokenAccess = accessFor(session.payload.roles, getRuntimeConfig().platformKeys);
  const entries = userMenuEntries(access, tokenAccess, session.impersonation !== null);

  const run = (id: UserMenuEntryId) => {
    setAnchor(null);
    const target = userMenuScreen(id);
    if (target) {
      void navigate(target.path);
      return;
    }
    switch (id) {
      case 'switchUser':
        onSwitchUser();
        break;
      case 'exitSwitch':
        exitSwitch();
        break;
      case 'logout':
        clearSession();
        void navigate('/login', { replace: true });
        break;
    }
  };

  return (
    <>
      <Button
        color="inherit"
        aria-label={t('userMenu.open')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<AccountCircleIcon />}
        sx={{ minWidth: 0 }}
        title={session.username}
      >
        <Box
          component="span"
          sx={{
            display: { xs: 'none', sm: 'inline' },
            // The whole name where there is room (1200 px and up); cut with an ellipsis below.
            maxWidth: { sm: 220, md: 360, lg: 'none' },
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {session.username}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {entries.map((id) => (
          <MenuItem key={id} onClick={() => run(id)}>
            <ListItemIcon>{entryIcon(id)}</ListItemIcon>
            <ListItemText>{t(`userMenu.${id}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        {/* Spec 2.3: the active username closes the menu, shown but not clickable. */}
        <MenuItem disabled>
          <ListItemText
            primary={session.username}
            secondary={
              session.impersonation
                ? t('impersonation.by', { username: session.payload.username })
                : undefined
            }
          />
        </MenuItem>
      </Menu>
    </>
  );
}
