import type { Profile } from '@fiscus/contracts';
import Grid from '@mui/material/Grid';
import MuiTextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { FormDialog, TextField, useCommonFormLabels } from '../../../components/form';
import {
  editableProfileFields,
  profileFormSchema,
  profileToForm,
  toProfileUpdate,
} from '../api/profile-form';
import { useUpdateProfile } from '../api/use-update-profile';

const readOnlyFields = ['email', 'invoicing_vat_number', 'invoicing_fiscal_id'] as const;

/** Edits the user's profile (spec 5); email, VAT number and fiscal id are shown read-only. */
export function ProfileEditDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const updateProfile = useUpdateProfile();
  return (
    <FormDialog
      title={t('edit.title')}
      fullScreen={fullScreen}
      maxWidth="md"
      dividers
      ns={['profile', 'common']}
      schema={profileFormSchema}
      defaultValues={profileToForm(profile)}
      onSubmit={(values) => updateProfile.mutateAsync(toProfileUpdate(values))}
      successMessage={t('edit.saved')}
      {...useCommonFormLabels()}
      onClose={onClose}
    >
      <Grid container spacing={2}>
        {readOnlyFields.map((field) => (
          <Grid key={field} size={{ xs: 12, sm: 4 }}>
            <MuiTextField
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
              name={field}
              type={field === 'credit_alert_email' ? 'email' : 'text'}
              fullWidth={false}
              slotProps={{
                htmlInput:
                  field === 'pre_sale_alert_threshold'
                    ? { inputMode: 'numeric', pattern: '[0-9]*' }
                    : { maxLength: 255 },
              }}
            />
          </Grid>
        ))}
      </Grid>
    </FormDialog>
  );
}
