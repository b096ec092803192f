import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCan, type NavigationContext } from '../../lib/roles';
import { drawerWidth } from '../theme';
import { useLastNavItem } from './active-context';
import { ContextSwitcher } from './context-switcher';
import { navIcons } from './nav-icons';
import { activeItemId, visibleMenu } from './navigation';

interface NavDrawerProps {
  variant: 'persistent' | 'temporary';
  open: boolean;
  onClose: () => void;
  context: NavigationContext;
  onContextChange: (context: NavigationContext) => void;
}

export function NavDrawer({ variant, open, onClose, context, onContextChange }: NavDrawerProps) {
  const { t } = useTranslation('shell');
  const access = useCan();
  const { pathname } = useLocation();
  const [lastItem, setLastItem] = useLastNavItem();
  const sections = visibleMenu(context, access);
  const activeId = activeItemId(sections, pathname, lastItem);
  const closeOnMobile = variant === 'temporary' ? onClose : undefined;

  return (
    <Drawer
      variant={variant}
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{
        width: drawerWidth,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' },
      }}
    >
      {/* Room for the app bar, which spans the full width above the drawer. */}
      <Toolbar />
      {access.availableContexts.length > 1 ? (
        <Box sx={{ px: 2, pt: 2, pb: 1 }}>
          <ContextSwitcher
            value={context}
            options={access.availableContexts}
            onChange={(next) => {
              onContextChange(next);
            }}
          />
        </Box>
      ) : null}
      <Box component="nav" aria-label={t('menu.label')} sx={{ overflowY: 'auto', pb: 2 }}>
        {sections.map((section) => (
          <List
            key={section.id}
            dense
            subheader={
              section.showSubheader && section.subheaderKey ? (
                <ListSubheader component="div">{t(section.subheaderKey)}</ListSubheader>
              ) : undefined
            }
          >
            {section.items.map((entry) =>
              entry.external ? (
                <ListItemButton
                  key={entry.id}
                  component="a"
                  href={entry.path}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <ListItemIcon>{navIcons[entry.icon]}</ListItemIcon>
                  <ListItemText primary={t(entry.labelKey)} />
                  <OpenInNewIcon fontSize="inherit" color="action" aria-hidden />
                </ListItemButton>
              ) : (
                <ListItemButton
                  key={entry.id}
                  component={RouterLink}
                  to={entry.path}
                  selected={entry.id === activeId}
                  aria-current={entry.id === activeId ? 'page' : undefined}
                  onClick={() => {
                    setLastItem(entry.id);
                    closeOnMobile?.();
                  }}
                >
                  <ListItemIcon>{navIcons[entry.icon]}</ListItemIcon>
                  <ListItemText primary={t(entry.labelKey)} />
                </ListItemButton>
              ),
            )}
          </List>
        ))}
      </Box>
    </Drawer>
  );
}
