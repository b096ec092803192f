import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerInvoiceImportDialog } from './customer-invoice-import-dialog';
import { SupplierInvoiceImportDialog } from './supplier-invoice-import-dialog';

interface ImportInvoiceButtonProps {
  /** Called with the new invoice's uuid (the list page refreshes its query here). */
  onImported?: (uuid: string) => void;
}

/** The list toolbar's 'Import invoice' button with its dialog, ready for `importAction`. */
export function CustomerInvoiceImportButton({ onImported }: ImportInvoiceButtonProps) {
  const { t } = useTranslation('invoiceImports');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {t('actions.openImport')}
      </Button>
      <CustomerInvoiceImportDialog
        open={open}
        onClose={() => setOpen(false)}
        onImported={onImported}
      />
    </>
  );
}

export function SupplierInvoiceImportButton({ onImported }: ImportInvoiceButtonProps) {
  const { t } = useTranslation('invoiceImports');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {t('actions.openImport')}
      </Button>
      <SupplierInvoiceImportDialog
        open={open}
        onClose={() => setOpen(false)}
        onImported={onImported}
      />
    </>
  );
}
