import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUrlDialog } from '../../../components/list-kit';
import { PageLoader } from '../../../components/page-loader';
import { useCan } from '../../../lib/roles';
import { profileQueries } from '../api/profile-queries';
import { ChangePasswordDialog } from './change-password-dialog';
import { ProfileCard } from './profile-card';
import { ProfileEditDialog } from './profile-edit-dialog';
import { RecipientCodeCard } from './recipient-code-card';

/** `/profile` (spec 2.5). */
export default function ProfilePage() {
  const { t } = useTranslation(['profile', 'common']);
  const access = useCan();
  const profile = useQuery(profileQueries.detail());
  // Both forms open through the URL (`?dialogId=edit`, `?dialogId=password`): a reload keeps them.
  const edit = useUrlDialog('edit', []);
  const password = useUrlDialog('password', []);

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            startIcon={<EditIcon />}
            disabled={!profile.data}
            onClick={() => edit.open({})}
          >
            {t('actions.edit')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<LockResetIcon />}
            onClick={() => password.open({})}
          >
            {t('actions.changePassword')}
          </Button>
        </Stack>
      </Stack>
      {profile.isPending ? <PageLoader minHeight={240} /> : null}
      {profile.isError ? (
        <Alert severity="error">{t('errors.generic', { ns: 'common' })}</Alert>
      ) : null}
      {profile.data ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: access.hasContext('it') ? 8 : 12 }}>
            <ProfileCard profile={profile.data} />
          </Grid>
          {/* Spec 2.5: only users with a role in the Italian platform have a recipient code. */}
          {access.hasContext('it') ? (
            <Grid size={{ xs: 12, lg: 4 }}>
              <RecipientCodeCard />
            </Grid>
          ) : null}
        </Grid>
      ) : null}
      {profile.data && edit.isOpen ? (
        <ProfileEditDialog profile={profile.data} onClose={edit.close} />
      ) : null}
      {password.isOpen ? <ChangePasswordDialog onClose={password.close} /> : null}
    </Stack>
  );
}
