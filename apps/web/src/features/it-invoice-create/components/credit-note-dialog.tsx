import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InvoiceForm } from '../../it-invoice-form';
import { invoiceCreateQueries, sendInvoice, validateInvoice } from '../api/invoice-requests';
import { canCreateCreditNote, payloadOfInvoice, variantOfInvoice } from '../model/invoice-record';
import { useInvoiceCreatedToast } from './use-invoice-created';

export interface CreditNoteDialogProps {
  /** The sent invoice the credit note copies. */
  invoiceUuid: string;
  onClose: () => void;
  onCreated?: (uuid: string) => void;
}

/**
 * Credit note creation (spec 4 "Credit note mode"): the invoice copied into the form with the
 * document type forced to TD04/TD08 and locked; refused for an invoice that is itself one.
 */
export function CreditNoteDialog({ invoiceUuid, onClose, onCreated }: CreditNoteDialogProps) {
  const { t } = useTranslation('invoiceCreate');
  const titleId = useId();
  const invoice = useQuery(invoiceCreateQueries.invoice(invoiceUuid));
  const toastCreated = useInvoiceCreatedToast();
  const record = invoice.data;
  const initialValue = record ? payloadOfInvoice(record) : undefined;

  let content;
  if (invoice.isPending) {
    content = <CircularProgress aria-label={t('messages.loading')} />;
  } else if (!record || !initialValue) {
    content = <Alert severity="error">{t('messages.loadError')}</Alert>;
  } else if (!canCreateCreditNote(record)) {
    content = <Alert severity="warning">{t('creditNote.notOffered')}</Alert>;
  } else {
    const variant = variantOfInvoice(record);
    content = (
      <InvoiceForm
        variant={variant}
        mode="credit-note"
        initialValue={initialValue}
        onValidate={(payload) => validateInvoice({ kind: 'payload', variant, payload })}
        onSubmit={async (payload) => {
          const { uuid } = await sendInvoice({ kind: 'payload', variant, payload });
          toastCreated(uuid);
          onCreated?.(uuid);
          onClose();
          return { uuid };
        }}
        onCancel={onClose}
      />
    );
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {t('creditNote.title', { number: record?.invoiceNumber ?? '' })}
        <IconButton
          aria-label={t('actions.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>{content}</DialogContent>
    </Dialog>
  );
}
