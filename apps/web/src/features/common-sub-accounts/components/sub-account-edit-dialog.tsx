import type { SubAccount } from '@fiscus/contracts';
import MuiTextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormDialog, SwitchField, TextField } from '../../../components/form';
import { useUpdateSubAccount } from '../api/use-update-sub-account';
import { subAccountEditFormSchema, toUpdateRequest } from './sub-account-form-schemas';

/** Edits what the API lets a manager change: the full name and the enabled flag. */
export function SubAccountEditDialog({
  account,
  onClose,
}: {
  account: SubAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation('subAccounts');
  const updateSubAccount = useUpdateSubAccount();
  return (
    <FormDialog
      title={t('edit.title', { email: account.email })}
      ns="subAccounts"
      schema={subAccountEditFormSchema}
      defaultValues={{ fullname: account.fullname ?? '', enabled: account.enabled }}
      onSubmit={(values) =>
        updateSubAccount.mutateAsync({ email: account.email, body: toUpdateRequest(values) })
      }
      successMessage={t('messages.updated', { email: account.email })}
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      <MuiTextField label={t('fields.email')} value={account.email} disabled fullWidth />
      <TextField name="fullname" />
      <SwitchField name="enabled" />
    </FormDialog>
  );
}
