/**
 * Cancelling an expense at Sistema TS (flagOperazione C): asks, naming the document, sends the
 * cancellation and says so in a snackbar; the expense then shows pending until Sistema TS has
 * processed it, and cancelled once it has.
 */
import type { Expense } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/form';
import { useCancelExpense } from '../api/expense-queries';

export function CancelExpenseDialog({
  expense,
  onClose,
}: {
  expense: Expense;
  onClose: () => void;
}) {
  const { t } = useTranslation('expenses');
  const cancel = useCancelExpense();
  return (
    <DeleteDialog
      title={t('cancel.title')}
      message={t('cancel.message', { number: expense.document_number })}
      onDelete={() => cancel.mutateAsync(expense.uuid)}
      successMessage={t('messages.cancelSent', { number: expense.document_number })}
      errorMessage={t('messages.cancelError')}
      confirmLabel={t('cancel.confirm')}
      onClose={onClose}
    />
  );
}
