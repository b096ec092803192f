import type { PasswordChangeRequest } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { FormDialog, TextField, useCommonFormLabels } from '../../../components/form';
import { useChangePassword } from '../api/use-change-password';

const passwordFields = [
  ['password', 'password.password'],
  ['password_confirm', 'password.passwordConfirm'],
] as const;

/** Spec 5: no client-side rules; the server's answer decides (violations on fields, detail in an alert). */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('profile');
  const changePassword = useChangePassword();
  const { cancelLabel } = useCommonFormLabels();
  return (
    <FormDialog<PasswordChangeRequest>
      title={t('password.title')}
      maxWidth="xs"
      ns={['profile', 'common']}
      defaultValues={{ password: '', password_confirm: '' }}
      onSubmit={(values) => changePassword.mutateAsync(values)}
      successMessage={t('password.changed')}
      alertTitle={t('password.failed')}
      submitLabel={t('password.submit')}
      cancelLabel={cancelLabel}
      onClose={onClose}
    >
      {passwordFields.map(([name, labelKey]) => (
        <TextField
          key={name}
          name={name}
          label={t(labelKey)}
          type="password"
          autoComplete="new-password"
          fullWidth={false}
        />
      ))}
    </FormDialog>
  );
}
