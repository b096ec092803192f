import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import type { ComponentType, JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlDialog } from '../../../components/list-kit';
import { lazyPart, type Preloadable } from '../../../lib/lazy-part';
import type { InvoiceImportDialogProps } from './invoice-import-dialog-props';

/** What the import dialogs show (their file readers and validation come with their code). */
const IMPORT_NAMESPACES = ['invoiceImports', 'listKit'];

/** The dialogs load when opened, or ahead once the list is idle. */
const CustomerInvoiceImportDialog = lazyPart(
  () =>
    import('./customer-invoice-import-dialog').then((module) => module.CustomerInvoiceImportDialog),
  IMPORT_NAMESPACES,
);
const SupplierInvoiceImportDialog = lazyPart(
  () =>
    import('./supplier-invoice-import-dialog').then((module) => module.SupplierInvoiceImportDialog),
  IMPORT_NAMESPACES,
);

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
      {dialog.isOpen && <Dialog open onClose={dialog.close} onImported={onImported} />}
    </>
  );
}

/**
 * The list toolbar's 'Import invoice' button with its dialog, ready for `importAction`;
 * `preload()` fetches the dialog ahead.
 */
export const CustomerInvoiceImportButton: ((props: ImportInvoiceButtonProps) => JSX.Element) &
  Preloadable = Object.assign(
  ({ onImported }: ImportInvoiceButtonProps) => (
    <ImportButton dialog={CustomerInvoiceImportDialog} onImported={onImported} />
  ),
  { preload: CustomerInvoiceImportDialog.preload },
);

export const SupplierInvoiceImportButton: ((props: ImportInvoiceButtonProps) => JSX.Element) &
  Preloadable = Object.assign(
  ({ onImported }: ImportInvoiceButtonProps) => (
    <ImportButton dialog={SupplierInvoiceImportDialog} onImported={onImported} />
  ),
  { preload: SupplierInvoiceImportDialog.preload },
);
