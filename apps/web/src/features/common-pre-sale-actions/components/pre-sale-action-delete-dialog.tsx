import type { PreSaleAction } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/form';
import { useDeletePreSaleAction } from '../api/use-delete-pre-sale-action';

export function PreSaleActionDeleteDialog({
  action,
  onClose,
}: {
  action: PreSaleAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('preSaleActions');
  const deleteAction = useDeletePreSaleAction();
  return (
    <DeleteDialog
      title={t('delete.title')}
      message={t('delete.message', { target: action.target, threshold: action.threshold })}
      onDelete={() => deleteAction.mutateAsync(action.uuid)}
      successMessage={t('messages.deleted')}
      errorMessage={t('messages.deleteError')}
      onClose={onClose}
    />
  );
}
