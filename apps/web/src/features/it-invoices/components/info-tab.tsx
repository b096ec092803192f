import type { Invoice } from '@fiscus/contracts';
import BuildIcon from '@mui/icons-material/Build';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/form';
import { DetailsList } from '../../../components/list-kit';
import { formatMoney } from '../../../lib/decimal-amount';
import { currentLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/roles';
import { invoiceQueries } from '../api/invoice-queries';
import { useArchiveRejected } from '../api/use-invoice-actions';
import { markingColor } from '../model/badge-colors';
import { invoicePayment } from '../model/invoice-payment';
import { paymentRequestOf } from '../model/payment-request';
import { formatInvoiceDate, formatInvoiceTimestamp } from '../model/invoice-timestamp';
import { isFixableLocally, markingLabelKey, offersCreditNote } from '../model/invoice-rules';
import { InvoiceNotifications } from './invoice-notifications';
import { paymentSentence } from './invoice-payment-status';
import { StatusBadge } from './status-badge';

/** Fix and 'set as solved' for a rejected invoice that spec 4 "Fix mode" allows to fix. */
function FixActions({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoices');
  const { enqueueSnackbar } = useSnackbar();
  const access = useCan();
  const [confirming, setConfirming] = useState(false);
  const notifications = useQuery(invoiceQueries.notifications(invoice.uuid));
  const locallyFixable = isFixableLocally(invoice, notifications.data ?? []);
  const fixInfo = useQuery({ ...invoiceQueries.fixInfo(invoice.uuid), enabled: locallyFixable });
  const archive = useArchiveRejected(invoice.uuid);
  const mayFix = access.can('it', 'ROLE_FIX_INVOICE') || access.isStripeAccount;
  if (!locallyFixable || fixInfo.data?.is_fixable !== true) return null;

  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
      {mayFix && (
        <Button
          variant="contained"
          startIcon={<BuildIcon />}
          component={RouterLink}
          to={`/customer-invoice/${invoice.uuid}/fix`}
        >
          {t('details.fix')}
        </Button>
      )}
      <Button variant="outlined" startIcon={<TaskAltIcon />} onClick={() => setConfirming(true)}>
        {t('details.setAsSolved')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('details.setAsSolvedTitle')}
        message={t('details.setAsSolvedMessage')}
        confirmLabel={t('details.setAsSolved')}
        isPending={archive.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          archive.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              enqueueSnackbar(t('messages.solved'), { variant: 'success' });
            },
            onError: () => enqueueSnackbar(t('messages.genericError'), { variant: 'error' }),
          })
        }
      />
    </Stack>
  );
}

/**
 * What bank transactions paid of a customer invoice (open banking's reconciliation), and for a
 * user of the open-banking area the way to those transactions and, while something is still
 * owed, a payment request that carries the invoice (its dialog is composed in by `app/`).
 */
function PaymentSummary({
  invoice,
  onRequestPayment,
}: {
  invoice: Invoice;
  onRequestPayment: ((invoice: Invoice) => void) | undefined;
}) {
  const { t } = useTranslation('invoices');
  const access = useCan();
  const openBanking = access.hasContext('ob');
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <span>{paymentSentence(invoicePayment(invoice), t, currentLanguage())}</span>
      {openBanking && (
        <Link component={RouterLink} to="/openbanking/transactions">
          {t('payment.transactions')}
        </Link>
      )}
      {openBanking && onRequestPayment && paymentRequestOf(invoice) && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<RequestQuoteIcon />}
          onClick={() => onRequestPayment(invoice)}
        >
          {t('payment.request')}
        </Button>
      )}
    </Stack>
  );
}

type DetailsItem = { label: string; value: ReactNode };

/** The fields in two columns on wide screens, so the notifications stay in sight. */
function FieldColumns({ items }: { items: DetailsItem[] }) {
  const half = Math.ceil(items.length / 2);
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <DetailsList items={items.slice(0, half)} />
      <DetailsList items={items.slice(half)} />
    </Box>
  );
}

/**
 * The info tab: the record's fields, fix actions and the SDI notifications. A draft has never
 * been to SDI: it shows its fields only.
 */
export function InfoTab({
  invoice,
  creditNoteAction,
  onRequestPayment,
  draft = false,
}: {
  invoice: Invoice;
  creditNoteAction?: ((invoice: Invoice) => ReactNode) | undefined;
  /** Opens the payment request of a customer invoice still owed (issue 36). */
  onRequestPayment?: ((invoice: Invoice) => void) | undefined;
  draft?: boolean;
}) {
  const { t } = useTranslation('invoices');
  const language = currentLanguage();
  const yesNo = (value: boolean) => (value ? t('values.yes') : t('values.no'));
  const sentOnly = (items: DetailsItem[]) => (draft ? [] : items);
  return (
    <Box>
      {!draft && <FixActions invoice={invoice} />}
      {!draft && creditNoteAction && offersCreditNote(invoice) && (
        <Box sx={{ mb: 2 }}>{creditNoteAction(invoice)}</Box>
      )}
      <FieldColumns
        items={[
          { label: t('fields.uuid'), value: invoice.uuid },
          {
            label: t('fields.marking'),
            value: (
              <StatusBadge
                label={t(markingLabelKey(invoice))}
                color={markingColor(invoice.marking)}
              />
            ),
          },
          { label: t('fields.invoiceNumber'), value: invoice.invoiceNumber },
          {
            label: t('fields.invoiceDate'),
            value: formatInvoiceDate(invoice.invoiceDate, language),
          },
          { label: t('fields.document_type'), value: invoice.document_type },
          {
            label: t('fields.invoiceTotal'),
            value: invoice.invoiceTotal === null ? '' : formatMoney(invoice.invoiceTotal, language),
          },
          { label: t('fields.sender'), value: invoice.senderFormatted },
          {
            // Without a VAT number the party is identified by its fiscal code: say which.
            label: t(
              invoice.senderVatNumberFormatted
                ? 'fields.senderVatNumber'
                : 'fields.senderFiscalCode',
            ),
            value: invoice.senderVatNumberFormatted ?? invoice.sender.business_fiscal_code,
          },
          { label: t('fields.recipient'), value: invoice.recipientFormatted },
          {
            label: t(
              invoice.recipientVatNumberFormatted
                ? 'fields.recipientVatNumber'
                : 'fields.recipientFiscalCode',
            ),
            value: invoice.recipientVatNumberFormatted ?? invoice.recipient.business_fiscal_code,
          },
          { label: t('fields.transmission_format'), value: invoice.transmission_format },
          ...sentOnly([
            { label: t('fields.sdi_file_id'), value: invoice.sdi_file_id },
            { label: t('fields.sdi_file_name'), value: invoice.sdi_file_name },
          ]),
          {
            label: t('fields.created_at'),
            value: formatInvoiceTimestamp(invoice.created_at, language),
          },
          { label: t('fields.toPa'), value: yesNo(invoice.to_pa) },
          { label: t('fields.signed'), value: yesNo(invoice.signed) },
          { label: t('fields.stamp'), value: yesNo(invoice.stamp) },
          // Only customer invoices are paid by the reconciliation of bank transactions.
          ...(draft || invoice.type !== 0
            ? []
            : [
                {
                  label: t('fields.payment'),
                  value: <PaymentSummary invoice={invoice} onRequestPayment={onRequestPayment} />,
                },
              ]),
          ...sentOnly([
            {
              label: t('fields.downloaded'),
              value: invoice.downloaded_at
                ? `${yesNo(invoice.downloaded)} (${formatInvoiceTimestamp(invoice.downloaded_at, language)})`
                : yesNo(invoice.downloaded),
            },
          ]),
          ...(invoice.notice ? [{ label: t('fields.notice'), value: invoice.notice }] : []),
        ]}
      />
      {!draft && (
        <>
          <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
            {t('details.notifications')}
          </Typography>
          <InvoiceNotifications uuid={invoice.uuid} />
        </>
      )}
    </Box>
  );
}
