/**
 * Voiding a sale (spec 4: "Voiding needs a confirmation ('void receipt') and on success the list
 * refreshes"; spec 8: 'smartReceipt.delete_success' / 'smartReceipt.delete_error').
 */
import type { Receipt } from '@fiscus/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/form';

export function VoidReceiptDialog({
  receipt,
  onVoid,
  onClose,
}: {
  receipt: Receipt;
  onVoid: (uuid: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('smartReceipts');
  return (
    <DeleteDialog
      title={t('void.title')}
      message={t('void.message', { number: receipt.document_number ?? receipt.uuid })}
      onDelete={() => onVoid(receipt.uuid)}
      successMessage={t('messages.voided')}
      errorMessage={t('messages.voidError')}
      onClose={onClose}
    />
  );
}
