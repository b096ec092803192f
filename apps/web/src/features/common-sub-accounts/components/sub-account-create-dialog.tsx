import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
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
import { useCreateSubAccount } from '../api/use-create-sub-account';
import {
  subAccountCreateFormDefaults,
  subAccountCreateFormSchema,
  toCreateRequest,
} from './sub-account-form-schemas';
import type {
  SubAccountCreateFormInput,
  SubAccountCreateFormValues,
} from './sub-account-form-schemas';

const TEXT_FIELDS = ['email', 'fiscal_id', 'fullname', 'password'] as const;

export function SubAccountCreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('subAccounts');
  const translate = useValidationMessage();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const createSubAccount = useCreateSubAccount();
  const [serverError, setServerError] = useState<ServerFormError | null>(null);
  const form = useForm<SubAccountCreateFormInput, unknown, SubAccountCreateFormValues>({
    resolver: zodResolver(subAccountCreateFormSchema),
    defaultValues: subAccountCreateFormDefaults,
  });

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const created = await createSubAccount.mutateAsync(toCreateRequest(values));
      enqueueSnackbar(t('messages.created', { email: created.email }), { variant: 'success' });
      onClose();
    } catch (error) {
      setServerError(applyServerErrors(error, form.setError, [...TEXT_FIELDS, 'enabled']));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('create.title')}</DialogTitle>
        <DialogContent>
          <ServerErrorAlert error={serverError} />
          <Stack spacing={2} sx={{ pt: 1 }}>
            {TEXT_FIELDS.map((name) => (
              <Controller
                key={name}
                name={name}
                control={form.control}
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    inputRef={field.ref}
                    label={t(`fields.${name}`)}
                    type={name === 'password' ? 'password' : name === 'email' ? 'email' : 'text'}
                    autoComplete={name === 'password' ? 'new-password' : 'off'}
                    required={name !== 'fullname'}
                    error={fieldState.invalid}
                    helperText={
                      translate(fieldState.error?.message) ??
                      (name === 'fiscal_id' || name === 'password' ? t(`hints.${name}`) : undefined)
                    }
                    fullWidth
                  />
                )}
              />
            ))}
            <Controller
              name="enabled"
              control={form.control}
              render={({ field }) => (
                <FormControlLabel
                  label={t('fields.enabled')}
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                />
              )}
            />
          </Stack>
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
