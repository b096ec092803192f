import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewInvoiceDialog } from './new-invoice-dialog';

/** The customer list's 'New invoice' button with its dialog, ready for `newInvoiceAction`. */
export function NewInvoiceButton({ onCreated }: { onCreated?: (uuid: string) => void }) {
  const { t } = useTranslation('invoiceCreate');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {t('actions.newInvoice')}
      </Button>
      {open && <NewInvoiceDialog open onClose={() => setOpen(false)} onCreated={onCreated} />}
    </>
  );
}
