import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordRequestSchema } from '@fiscus/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../lib/hydra';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useResetPassword } from '../api/use-password-reset';

type FormInput = z.input<typeof resetPasswordRequestSchema>;
type FormOutput = z.output<typeof resetPasswordRequestSchema>;

const formFields = ['password', 'password_confirm'] as const;

export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'common']);
  const resetPassword = useResetPassword();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { token, password: '', password_confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword.mutateAsync(values);
    } catch (error) {
      // Server violations go onto their fields; a bad or used token is shown in the alert.
      if (isApiError(error)) {
        for (const violation of error.violations) {
          const field = formFields.find((name) => name === violation.propertyPath);
          if (field) form.setError(field, { message: violation.message });
        }
      }
    }
  });

  if (resetPassword.isSuccess) {
    return (
      <Stack spacing={2.5}>
        <Typography variant="h5" component="h1">
          {t('resetPassword.title')}
        </Typography>
        <Alert severity="success">{t('resetPassword.done')}</Alert>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          {t('backToLogin')}
        </Button>
      </Stack>
    );
  }

  const error = resetPassword.error;
  const showAlert = isApiError(error)
    ? error.violations.length === 0 || error.status !== 422
    : Boolean(error);

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void onSubmit(event)}>
      <div>
        <Typography variant="h5" component="h1">
          {t('resetPassword.title')}
        </Typography>
        <Typography color="text.secondary">{t('resetPassword.subtitle')}</Typography>
      </div>
      {showAlert ? (
        <Alert severity="error">
          {isApiError(error) && error.status === 400
            ? t('resetPassword.invalidLink')
            : t('errors.generic', { ns: 'common' })}
        </Alert>
      ) : null}
      {errors.token ? <Alert severity="error">{t('resetPassword.invalidLink')}</Alert> : null}
      <TextField
        {...form.register('password')}
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        error={Boolean(errors.password)}
        helperText={translateValidationMessage(t, errors.password?.message)}
      />
      <TextField
        {...form.register('password_confirm')}
        label={t('fields.passwordConfirm')}
        type="password"
        autoComplete="new-password"
        required
        error={Boolean(errors.password_confirm)}
        helperText={translateValidationMessage(t, errors.password_confirm?.message)}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t('resetPassword.submit')}
      </Button>
      <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('backToLogin')}
      </Link>
    </Stack>
  );
}
