import type { PreSaleAction } from '@fiscus/contracts';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/list-kit';
import { clientErrorDetail } from '../../../lib/hydra';
import { useDeletePreSaleAction } from '../api/use-delete-pre-sale-action';

export function PreSaleActionDeleteDialog({
  action,
  onClose,
}: {
  action: PreSaleAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('preSaleActions');
  const { enqueueSnackbar } = useSnackbar();
  const deleteAction = useDeletePreSaleAction();

  return (
    <ConfirmDialog
      open
      title={t('delete.title')}
      message={t('delete.message', { target: action.target, threshold: action.threshold })}
      isPending={deleteAction.isPending}
      onCancel={onClose}
      onConfirm={() =>
        deleteAction.mutate(action.uuid, {
          onSuccess: () => {
            enqueueSnackbar(t('messages.deleted'), { variant: 'success' });
            onClose();
          },
          onError: (error) => {
            const detail = clientErrorDetail(error);
            enqueueSnackbar(detail || t('messages.deleteError'), { variant: 'error' });
            onClose();
          },
        })
      }
    />
  );
}
