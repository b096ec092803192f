import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ServerErrorAlert,
  applyServerErrors,
  useValidationMessage,
} from '../../../components/list-kit';
import type { ServerFormError } from '../../../components/list-kit';
import { useChangeSubAccountPassword } from '../api/use-change-sub-account-password';
import { subAccountPasswordFormSchema } from './sub-account-form-schemas';
import type { SubAccountPasswordFormValues } from './sub-account-form-schemas';

export function SubAccountPasswordDialog({
  email,
  onClose,
}: {
  email: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('subAccounts');
  const translate = useValidationMessage();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const changePassword = useChangeSubAccountPassword();
  const [serverError, setServerError] = useState<ServerFormError | null>(null);
  const form = useForm<SubAccountPasswordFormValues>({
    resolver: zodResolver(subAccountPasswordFormSchema),
    defaultValues: { password: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await changePassword.mutateAsync({ email, body: values });
      enqueueSnackbar(t('messages.passwordChanged', { email }), { variant: 'success' });
      onClose();
    } catch (error) {
      setServerError(applyServerErrors(error, form.setError, ['password']));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('password.title', { email })}</DialogTitle>
        <DialogContent>
          <ServerErrorAlert error={serverError} />
          <Controller
            name="password"
            control={form.control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                label={t('fields.newPassword')}
                type="password"
                autoComplete="new-password"
                required
                error={fieldState.invalid}
                helperText={translate(fieldState.error?.message) ?? t('hints.password')}
                fullWidth
                sx={{ mt: 1 }}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
