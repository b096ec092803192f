import { zodResolver } from '@hookform/resolvers/zod';
import type { SubAccount } from '@fiscus/contracts';
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
import { useUpdateSubAccount } from '../api/use-update-sub-account';
import { subAccountEditFormSchema, toUpdateRequest } from './sub-account-form-schemas';
import type { SubAccountEditFormInput, SubAccountEditFormValues } from './sub-account-form-schemas';

/** Edits what the API lets a manager change: the full name and the enabled flag. */
export function SubAccountEditDialog({
  account,
  onClose,
}: {
  account: SubAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation('subAccounts');
  const translate = useValidationMessage();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const updateSubAccount = useUpdateSubAccount();
  const [serverError, setServerError] = useState<ServerFormError | null>(null);
  const form = useForm<SubAccountEditFormInput, unknown, SubAccountEditFormValues>({
    resolver: zodResolver(subAccountEditFormSchema),
    defaultValues: { fullname: account.fullname ?? '', enabled: account.enabled },
  });

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await updateSubAccount.mutateAsync({ email: account.email, body: toUpdateRequest(values) });
      enqueueSnackbar(t('messages.updated', { email: account.email }), { variant: 'success' });
      onClose();
    } catch (error) {
      setServerError(applyServerErrors(error, form.setError, ['fullname', 'enabled']));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t('edit.title', { email: account.email })}</DialogTitle>
        <DialogContent>
          <ServerErrorAlert error={serverError} />
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('fields.email')} value={account.email} disabled fullWidth />
            <Controller
              name="fullname"
              control={form.control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={field.ref}
                  label={t('fields.fullname')}
                  error={fieldState.invalid}
                  helperText={translate(fieldState.error?.message)}
                  fullWidth
                />
              )}
            />
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
