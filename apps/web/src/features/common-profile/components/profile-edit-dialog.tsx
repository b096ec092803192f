import type { Profile } from '@fiscus/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyViolations } from '../../../lib/form-violations';
import { isApiError, type Violation } from '../../../lib/hydra';
import { translateValidationMessage } from '../../../lib/validation-messages';
import {
  editableProfileFields,
  profileFormSchema,
  profileToForm,
  toProfileUpdate,
  type ProfileFormValues,
} from '../api/profile-form';
import { useUpdateProfile } from '../api/use-update-profile';

const readOnlyFields = ['email', 'invoicing_vat_number', 'invoicing_fiscal_id'] as const;

export function ProfileEditDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const updateProfile = useUpdateProfile();
  const [formAlert, setFormAlert] = useState<Violation[] | 'generic' | null>(null);
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileToForm(profile),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormAlert(null);
    try {
      await updateProfile.mutateAsync(toProfileUpdate(values));
      enqueueSnackbar(t('edit.saved'), { variant: 'success' });
      onClose();
    } catch (error) {
      const rest = applyViolations(error, editableProfileFields, form.setError);
      // Violations on fields speak for themselves; anything else needs the alert.
      if (!isApiError(error) || error.violations.length === 0) setFormAlert('generic');
      else if (rest.length > 0) setFormAlert(rest);
    }
  });

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{t('edit.title')}</DialogTitle>
        <DialogContent dividers>
          {formAlert === 'generic' ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {t('errors.generic', { ns: 'common' })}
            </Alert>
          ) : null}
          {Array.isArray(formAlert) ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formAlert.map((violation) => (
                <div key={`${violation.propertyPath}:${violation.message}`}>
                  {violation.propertyPath ? `${violation.propertyPath}: ` : ''}
                  {translateValidationMessage(t, violation.message)}
                </div>
              ))}
            </Alert>
          ) : null}
          <Grid container spacing={2}>
            {readOnlyFields.map((field) => (
              <Grid key={field} size={{ xs: 12, sm: 4 }}>
                <TextField
                  label={t(`fields.${field}`)}
                  value={profile[field] ?? ''}
                  disabled
                  helperText={t('edit.readOnly')}
                />
              </Grid>
            ))}
            {editableProfileFields.map((field) => (
              <Grid key={field} size={{ xs: 12, sm: 6 }}>
                <TextField
                  {...form.register(field)}
                  label={t(`fields.${field}`)}
                  type={field === 'credit_alert_email' ? 'email' : 'text'}
                  slotProps={{
                    htmlInput:
                      field === 'pre_sale_alert_threshold'
                        ? { inputMode: 'numeric', pattern: '[0-9]*' }
                        : { maxLength: 255 },
                  }}
                  error={Boolean(errors[field])}
                  helperText={translateValidationMessage(t, errors[field]?.message)}
                />
              </Grid>
            ))}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel', { ns: 'common' })}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('actions.save', { ns: 'common' })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
