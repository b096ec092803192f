import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/form';
import { InvoiceForm, useKeptInvoice } from '../../it-invoice-form';
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
 * Closing a changed form asks before discarding it.
 */
export function CreditNoteDialog({ invoiceUuid, onClose, onCreated }: CreditNoteDialogProps) {
  const { t } = useTranslation('invoiceCreate');
  const invoice = useQuery(invoiceCreateQueries.invoice(invoiceUuid));
  const toastCreated = useInvoiceCreatedToast();
  const record = invoice.data;
  const initialValue = record ? payloadOfInvoice(record) : undefined;
  const kept = useKeptInvoice({ initialValue, sourceType: 'simple', onClose });

  let content;
  if (!record || !initialValue) {
    content = null;
  } else if (!canCreateCreditNote(record)) {
    content = <Alert severity="warning">{t('creditNote.notOffered')}</Alert>;
  } else {
    const variant = variantOfInvoice(record);
    content = (
      <InvoiceForm
        variant={variant}
        mode="credit-note"
        initialValue={initialValue}
        onChange={kept.onFormChange}
        onValidate={(payload) => validateInvoice({ kind: 'payload', variant, payload })}
        onSubmit={async (payload) => {
          const { uuid } = await sendInvoice({ kind: 'payload', variant, payload });
          toastCreated(uuid);
          onCreated?.(uuid);
          onClose();
          return { uuid };
        }}
        onCancel={kept.requestClose}
      />
    );
  }

  return (
    <DialogFrame
      onClose={kept.requestClose}
      title={t('creditNote.title', { number: record?.invoiceNumber ?? '' })}
      closeLabel={t('actions.close')}
      maxWidth="lg"
      load={{
        isPending: invoice.isPending,
        isError: !record || !initialValue,
        pendingLabel: t('messages.loading'),
        errorText: t('messages.loadError'),
      }}
    >
      <DialogContent>
        {kept.confirm}
        {content}
      </DialogContent>
    </DialogFrame>
  );
}
