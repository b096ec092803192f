import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PublicPageLayout } from '../../components/public-page-layout';
import { clearSession, useSession } from '../../lib/auth';
import { useCan } from '../../lib/roles';

/** Landing for a session without any usable context (spec 2.2). */
export default function NoServicesPage() {
  const { t } = useTranslation('common');
  const session = useSession();
  const access = useCan();
  if (!session) return <Navigate to="/login" replace />;
  // Roles can change (a new login, an impersonation): leave as soon as a context is usable.
  if (access.availableContexts.length > 0) return <Navigate to="/dashboard" replace />;
  return (
    <PublicPageLayout maxWidth={520}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('noServices.title')}
        </Typography>
        <Typography color="text.secondary">{t('noServices.description')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('noServices.signedInAs', { username: session.username })}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<LogoutIcon />}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            clearSession();
          }}
        >
          {t('actions.logout')}
        </Button>
      </Stack>
    </PublicPageLayout>
  );
}
