import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/form';
import { useDeleteSubAccount } from '../api/use-delete-sub-account';

export function SubAccountDeleteDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation('subAccounts');
  const deleteSubAccount = useDeleteSubAccount();
  return (
    <DeleteDialog
      title={t('delete.title')}
      message={t('delete.message', { email })}
      onDelete={() => deleteSubAccount.mutateAsync(email)}
      successMessage={t('messages.deleted', { email })}
      // Spec 8: the delete failure is the fixed 'common_subAccounts.delete_error' message.
      errorMessage={t('delete_error')}
      fixedError
      onClose={onClose}
    />
  );
}
