import { zodResolver } from '@hookform/resolvers/zod';
import { askResetPasswordRequestSchema } from '@fiscus/contracts';
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
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useAskResetPassword } from '../api/use-password-reset';

type FormInput = z.input<typeof askResetPasswordRequestSchema>;
type FormOutput = z.output<typeof askResetPasswordRequestSchema>;

export function ResetRequestForm() {
  const { t } = useTranslation(['auth', 'common']);
  const askReset = useAskResetPassword();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(askResetPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await askReset.mutateAsync(values);
    } catch {
      // Shown from askReset.error below.
    }
  });

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void onSubmit(event)}>
      <div>
        <Typography variant="h5" component="h1">
          {t('resetRequest.title')}
        </Typography>
        <Typography color="text.secondary">{t('resetRequest.subtitle')}</Typography>
      </div>
      {askReset.isSuccess ? (
        // Same text whether or not the address exists: the API never reveals accounts.
        <Alert severity="success">{t('resetRequest.sent')}</Alert>
      ) : null}
      {askReset.isError ? (
        <Alert severity="error">{t('errors.generic', { ns: 'common' })}</Alert>
      ) : null}
      <TextField
        {...form.register('email')}
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        required
        error={Boolean(errors.email)}
        helperText={translateValidationMessage(t, errors.email?.message)}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        {t('resetRequest.submit')}
      </Button>
      <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('backToLogin')}
      </Link>
    </Stack>
  );
}
