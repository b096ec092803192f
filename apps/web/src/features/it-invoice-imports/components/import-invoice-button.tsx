import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlDialog } from '../../../components/list-kit';
import { CustomerInvoiceImportDialog } from './customer-invoice-import-dialog';
import type { InvoiceImportDialogProps } from './invoice-import-dialog-props';
import { SupplierInvoiceImportDialog } from './supplier-invoice-import-dialog';

/** URL value of the import dialog (`?dialogId=import`): a reload keeps the form open. */
export const IMPORT_DIALOG_ID = 'import';

interface ImportInvoiceButtonProps {
  /** Called with the new invoice's uuid (the list page refreshes its query here). */
  onImported?: (uuid: string) => void;
}

/** The 'Import invoice' button opening `Dialog` through the URL. */
function ImportButton({
  dialog: Dialog,
  onImported,
}: ImportInvoiceButtonProps & { dialog: ComponentType<InvoiceImportDialogProps> }) {
  const { t } = useTranslation('invoiceImports');
  const dialog = useUrlDialog(IMPORT_DIALOG_ID, []);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => dialog.open({})}>
        {t('actions.openImport')}
      </Button>
      <Dialog open={dialog.isOpen} onClose={dialog.close} onImported={onImported} />
    </>
  );
}

/** The list toolbar's 'Import invoice' button with its dialog, ready for `importAction`. */
export function CustomerInvoiceImportButton({ onImported }: ImportInvoiceButtonProps) {
  return <ImportButton dialog={CustomerInvoiceImportDialog} onImported={onImported} />;
}

export function SupplierInvoiceImportButton({ onImported }: ImportInvoiceButtonProps) {
  return <ImportButton dialog={SupplierInvoiceImportDialog} onImported={onImported} />;
}
