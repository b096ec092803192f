import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DemoLogin } from '../../../lib/runtime-config';

/**
 * Every demo account of a sandbox instance shares this password (see README and the API's demo
 * seed); it is shown only when `/config.json` says the instance is a sandbox.
 */
export const sandboxDemoPassword = 'Fiscus!demo1';

interface DemoLoginsProps {
  logins: DemoLogin[];
  onPick: (email: string, password: string) => void;
}

/** Sandbox helper: one click fills the login form with a demo persona. */
export function DemoLogins({ logins, onPick }: DemoLoginsProps) {
  const { t } = useTranslation('auth');
  return (
    <Card>
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('demo.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('demo.hint', { password: sandboxDemoPassword })}
        </Typography>
      </CardContent>
      <List
        dense
        aria-label={t('demo.title')}
        sx={{ pt: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {logins.map((login) => {
          const localPart = login.email.split('@')[0] ?? login.email;
          return (
            <ListItemButton
              key={login.email}
              onClick={() => onPick(login.email, sandboxDemoPassword)}
            >
              <ListItemText
                primary={login.email}
                secondary={t(`demo.personas.${localPart}`, { defaultValue: login.persona })}
              />
            </ListItemButton>
          );
        })}
      </List>
    </Card>
  );
}
