import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/hydra';
import { useSwitchUser } from './use-switch-user';

function switchErrorKey(error: unknown): string {
  if (isApiError(error) && error.status === 404) return 'impersonation.userNotFound';
  if (isApiError(error) && error.status === 403) return 'impersonation.forbidden';
  return 'impersonation.failed';
}

/** Asks for the username to act as (spec 2.3; non-empty to submit, spec 5). */
export function ImpersonationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const [username, setUsername] = useState('');
  const switchUser = useSwitchUser();
  const titleId = useId();
  const trimmed = username.trim();

  const close = () => {
    setUsername('');
    switchUser.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    switchUser.mutate(trimmed, { onSuccess: close });
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('impersonation.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('impersonation.description')}</DialogContentText>
          {switchUser.isError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {t(switchErrorKey(switchUser.error))}
            </Alert>
          ) : null}
          <TextField
            label={t('impersonation.username')}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            required
            type="email"
            autoComplete="off"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('actions.cancel', { ns: 'common' })}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!trimmed}
            loading={switchUser.isPending}
          >
            {t('impersonation.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
