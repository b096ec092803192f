import { useTranslation } from 'react-i18next';
import { FormDialog, TextField } from '../../../components/form';
import { useChangeSubAccountPassword } from '../api/use-change-sub-account-password';
import { subAccountPasswordFormSchema } from './sub-account-form-schemas';

/** Sets a new password for a sub-account (spec 2.9). */
export function SubAccountPasswordDialog({
  email,
  onClose,
}: {
  email: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('subAccounts');
  const changePassword = useChangeSubAccountPassword();
  return (
    <FormDialog
      title={t('password.title', { email })}
      maxWidth="xs"
      ns="subAccounts"
      schema={subAccountPasswordFormSchema}
      defaultValues={{ password: '' }}
      onSubmit={(values) => changePassword.mutateAsync({ email, body: values })}
      successMessage={t('messages.passwordChanged', { email })}
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      <TextField
        name="password"
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
    </FormDialog>
  );
}
