import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/list-kit';
import { useDeleteSubAccount } from '../api/use-delete-sub-account';

export function SubAccountDeleteDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation('subAccounts');
  const { enqueueSnackbar } = useSnackbar();
  const deleteSubAccount = useDeleteSubAccount();

  return (
    <ConfirmDialog
      open
      title={t('delete.title')}
      message={t('delete.message', { email })}
      isPending={deleteSubAccount.isPending}
      onCancel={onClose}
      onConfirm={() =>
        deleteSubAccount.mutate(email, {
          onSuccess: () => {
            enqueueSnackbar(t('messages.deleted', { email }), { variant: 'success' });
            onClose();
          },
          onError: () => {
            // Spec 8: the delete failure is the fixed 'common_subAccounts.delete_error' message.
            enqueueSnackbar(t('delete_error'), { variant: 'error' });
            onClose();
          },
        })
      }
    />
  );
}
