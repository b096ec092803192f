import type { PasswordChangeRequest } from '@fiscus/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyViolations } from '../../../lib/form-violations';
import { isApiError } from '../../../lib/hydra';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useChangePassword } from '../api/use-change-password';

const passwordFields = ['password', 'password_confirm'] as const;

/** Spec 5: no client-side rules; the server's answer decides (violations on fields, detail in an alert). */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const changePassword = useChangePassword();
  const form = useForm<PasswordChangeRequest>({
    defaultValues: { password: '', password_confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
      enqueueSnackbar(t('password.changed'), { variant: 'success' });
      onClose();
    } catch (error) {
      applyViolations(error, passwordFields, form.setError);
    }
  });

  const error = changePassword.error;
  // Violations read better (and translated) than the problem's English one-line summary.
  const reasons = isApiError(error)
    ? error.violations.length > 0
      ? [
          ...new Set(
            error.violations.map((violation) => translateValidationMessage(t, violation.message)),
          ),
        ]
      : error.problem.detail
        ? [translateValidationMessage(t, error.problem.detail)]
        : []
    : [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{t('password.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error ? (
              <Alert severity="error">
                <AlertTitle>{t('password.failed')}</AlertTitle>
                {reasons.length > 0
                  ? reasons.map((reason) => <div key={reason}>{reason}</div>)
                  : t('errors.generic', { ns: 'common' })}
              </Alert>
            ) : null}
            <TextField
              {...form.register('password')}
              label={t('password.password')}
              type="password"
              autoComplete="new-password"
              error={Boolean(errors.password)}
              helperText={translateValidationMessage(t, errors.password?.message)}
            />
            <TextField
              {...form.register('password_confirm')}
              label={t('password.passwordConfirm')}
              type="password"
              autoComplete="new-password"
              error={Boolean(errors.password_confirm)}
              helperText={translateValidationMessage(t, errors.password_confirm?.message)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel', { ns: 'common' })}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('password.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
