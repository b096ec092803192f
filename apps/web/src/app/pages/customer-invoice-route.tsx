import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CustomerInvoiceImportButton } from '../../features/it-invoice-imports';
import {
  canCreateCreditNote,
  CreditNoteDialog,
  NewInvoiceButton,
} from '../../features/it-invoice-create';
import { invoiceQueries, InvoiceListPage } from '../../features/it-invoices';

/** Query key that opens the credit-note dialog for an invoice uuid (a link reopens it). */
export const CREDIT_NOTE_PARAM = 'creditNote';

/**
 * `/customer-invoice`: the invoice list with the new-invoice, import and credit-note dialogs of
 * their own features composed in. Its route's guard (`composed-screens.ts`) keeps supplier-only
 * accounts out (spec 6).
 */
export default function CustomerInvoiceRoute() {
  const { t } = useTranslation('invoiceCreate');
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();

  const refreshList = () =>
    void queryClient.invalidateQueries({ queryKey: invoiceQueries.lists() });
  const creditNoteUuid = searchParams.get(CREDIT_NOTE_PARAM);
  const openCreditNote = (uuid: string) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set(CREDIT_NOTE_PARAM, uuid);
      return params;
    });
  const closeCreditNote = () =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.delete(CREDIT_NOTE_PARAM);
      return params;
    });

  return (
    <>
      <InvoiceListPage
        direction={0}
        newInvoiceAction={<NewInvoiceButton onCreated={refreshList} />}
        importAction={<CustomerInvoiceImportButton onImported={refreshList} />}
        prefetch={[NewInvoiceButton, CustomerInvoiceImportButton, CreditNoteDialog]}
        detailsHidden={creditNoteUuid !== null}
        creditNoteAction={(invoice) =>
          canCreateCreditNote(invoice) && (
            <Button variant="outlined" onClick={() => openCreditNote(invoice.uuid)}>
              {t('actions.creditNote')}
            </Button>
          )
        }
      />
      {creditNoteUuid && (
        <CreditNoteDialog
          invoiceUuid={creditNoteUuid}
          onClose={closeCreditNote}
          onCreated={refreshList}
        />
      )}
    </>
  );
}
