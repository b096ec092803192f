import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useUrlDialog } from '../../../components/list-kit';
import { NewInvoiceDialog } from './new-invoice-dialog';

/** URL value of the new-invoice dialog (`?dialogId=new`): a reload keeps the form open. */
export const NEW_INVOICE_DIALOG_ID = 'new';

/** The customer list's 'New invoice' button with its dialog, ready for `newInvoiceAction`. */
export function NewInvoiceButton({ onCreated }: { onCreated?: (uuid: string) => void }) {
  const { t } = useTranslation('invoiceCreate');
  const dialog = useUrlDialog(NEW_INVOICE_DIALOG_ID, []);
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => dialog.open({})}>
        {t('actions.newInvoice')}
      </Button>
      {dialog.isOpen && <NewInvoiceDialog open onClose={dialog.close} onCreated={onCreated} />}
    </>
  );
}
