import { useTranslation } from 'react-i18next';
import { FormDialog, SwitchField, TextField } from '../../../components/form';
import { useCreateSubAccount } from '../api/use-create-sub-account';
import {
  subAccountCreateFormDefaults,
  subAccountCreateFormSchema,
  toCreateRequest,
} from './sub-account-form-schemas';

/** Creates a sub-account of the signed-in company (spec 2.9). */
export function SubAccountCreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('subAccounts');
  const createSubAccount = useCreateSubAccount();
  return (
    <FormDialog
      title={t('create.title')}
      ns="subAccounts"
      schema={subAccountCreateFormSchema}
      defaultValues={subAccountCreateFormDefaults}
      onSubmit={(values) => createSubAccount.mutateAsync(toCreateRequest(values))}
      successMessage={(created) => t('messages.created', { email: created.email })}
      submitLabel={t('actions.save')}
      cancelLabel={t('actions.cancel')}
      onClose={onClose}
    >
      <TextField name="email" type="email" autoComplete="off" required />
      <TextField name="fiscal_id" autoComplete="off" required />
      <TextField name="fullname" autoComplete="off" />
      <TextField name="password" type="password" autoComplete="new-password" required />
      <SwitchField name="enabled" />
    </FormDialog>
  );
}
