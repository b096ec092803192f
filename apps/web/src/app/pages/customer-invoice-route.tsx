import Button from '@mui/material/Button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CustomerInvoiceImportButton } from '../../features/it-invoice-imports';
import {
  canCreateCreditNote,
  CreditNoteDialog,
  NewInvoiceButton,
} from '../../features/it-invoice-create';
import { invoiceQueries, InvoiceListPage, paymentRequestOf } from '../../features/it-invoices';
import { lazyPart } from '../../lib/lazy-part';
import { useCan } from '../../lib/roles';

/** Query key that opens the credit-note dialog for an invoice uuid (a link reopens it). */
export const CREDIT_NOTE_PARAM = 'creditNote';

/** Query key that opens the payment request of an invoice uuid (issue 36). */
export const PAYMENT_REQUEST_PARAM = 'paymentRequest';

/**
 * The payment request of a customer invoice belongs to open banking (its accounts, its link
 * view): its code and texts load when it opens, never with the list.
 */
const InvoicePaymentDialog = lazyPart(
  () =>
    import('../../features/ob-business-registry').then(
      (openBanking) => openBanking.InvoicePaymentDialog,
    ),
  ['obBusinessRegistry'],
);

/**
 * The open payment request: the invoice it is for (the details dialog has it already) and what
 * it still owes. An invoice that owes nothing (paid meanwhile, an address made by hand) or that
 * cannot be read goes back to its details.
 */
function PaymentRequest({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const invoice = useQuery(invoiceQueries.detail(uuid));
  const request = invoice.data ? paymentRequestOf(invoice.data) : null;
  const nothingToAsk = !invoice.isPending && request === null;
  useEffect(() => {
    if (nothingToAsk) onClose();
  }, [nothingToAsk, onClose]);
  return request && <InvoicePaymentDialog invoice={request} onClose={onClose} />;
}

/**
 * `/customer-invoice`: the invoice list with the new-invoice, import, credit-note and (for a user
 * of open banking) payment-request dialogs of their own features composed in. Its route's guard
 * (`composed-screens.ts`) keeps supplier-only accounts out (spec 6).
 */
export default function CustomerInvoiceRoute() {
  const { t } = useTranslation('invoiceCreate');
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const openBanking = useCan().hasContext('ob');

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
  const paymentRequestUuid = openBanking ? searchParams.get(PAYMENT_REQUEST_PARAM) : null;
  const openPaymentRequest = (uuid: string) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set(PAYMENT_REQUEST_PARAM, uuid);
      return params;
    });
  const closePaymentRequest = () =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.delete(PAYMENT_REQUEST_PARAM);
      return params;
    });

  return (
    <>
      <InvoiceListPage
        direction={0}
        newInvoiceAction={<NewInvoiceButton onCreated={refreshList} />}
        importAction={<CustomerInvoiceImportButton onImported={refreshList} />}
        prefetch={[
          NewInvoiceButton,
          CustomerInvoiceImportButton,
          CreditNoteDialog,
          ...(openBanking ? [InvoicePaymentDialog] : []),
        ]}
        detailsHidden={creditNoteUuid !== null || paymentRequestUuid !== null}
        creditNoteAction={(invoice) =>
          canCreateCreditNote(invoice) && (
            <Button variant="outlined" onClick={() => openCreditNote(invoice.uuid)}>
              {t('actions.creditNote')}
            </Button>
          )
        }
        onRequestPayment={(invoice) => openPaymentRequest(invoice.uuid)}
      />
      {paymentRequestUuid && (
        <PaymentRequest uuid={paymentRequestUuid} onClose={closePaymentRequest} />
      )}
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
