import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useUrlDialog } from '../../../components/list-kit';
import { lazyPart } from '../../../lib/lazy-part';

/** What the create dialogs show: their own texts and the invoice form's. */
export const CREATE_DIALOG_NAMESPACES = ['invoiceCreate', 'invoiceForm', 'codeLists', 'listKit'];

/** The dialog (the whole invoice form) loads when opened, or when the list is idle. */
const NewInvoiceDialog = lazyPart(
  () => import('./new-invoice-dialog').then((module) => module.NewInvoiceDialog),
  CREATE_DIALOG_NAMESPACES,
);

/** URL value of the new-invoice dialog (`?dialogId=new`): a reload keeps the form open. */
export const NEW_INVOICE_DIALOG_ID = 'new';

/**
 * The customer list's 'New invoice' button with its dialog, ready for `newInvoiceAction`;
 * `NewInvoiceButton.preload()` fetches the dialog ahead.
 */
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

NewInvoiceButton.preload = NewInvoiceDialog.preload;
