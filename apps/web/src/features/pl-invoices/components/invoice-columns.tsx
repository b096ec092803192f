/**
 * A Polish invoice list's columns and filter inputs (spec 2 "Invoice lists", 3, 4, 9): number
 * (it opens the details), invoice date (yyyy-MM-dd), type, seller and buyer (name and NIP), the
 * gross amount in its currency, the status badge with the offline marker and its sending
 * deadline, the KSeF number and when it was created (dd MMM yyyy HH:mm:ss, the user's zone).
 */
import type { PlInvoice } from '@fiscus/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { TFunction } from 'i18next';
import { DialogLink, WrappingTimestamp } from '../../../components/list-kit';
import type { DataTableColumn, FilterInput } from '../../../components/list-kit';
import {
  grossAmountText,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  knownStatus,
  offlineDeadlineDay,
} from '../model/invoice-labels';
import { InvoiceStatusBadge } from './invoice-status-badge';

export function invoiceFilterInputs(t: TFunction): FilterInput[] {
  return [
    {
      kind: 'select',
      name: 'invoiceStatus',
      label: t('fields.status'),
      options: INVOICE_STATUSES.map((status) => ({
        value: status,
        label: t(`plInvoiceView:statuses.${status}`),
      })),
    },
    {
      kind: 'dateRange',
      label: t('fields.createdAt'),
      fromName: 'createdAt[after]',
      toName: 'createdAt[before]',
    },
    {
      kind: 'dateRange',
      label: t('fields.invoiceDate'),
      fromName: 'invoiceDate[after]',
      toName: 'invoiceDate[before]',
    },
    {
      kind: 'select',
      name: 'invoiceType',
      label: t('fields.invoiceType'),
      options: INVOICE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
    },
    { kind: 'text', name: 'invoiceNumber', label: t('fields.invoiceNumber') },
    { kind: 'text', name: 'invoiceCreatorNip', label: t('fields.invoiceCreatorNip') },
    { kind: 'text', name: 'invoiceRecipientNip', label: t('fields.invoiceRecipientNip') },
  ];
}

const secondary = {
  display: 'block',
  color: 'text.secondary',
  fontSize: '0.8em',
  overflowWrap: 'anywhere',
} as const;

function Party({ name, nip }: { name: string | null; nip: string | null }) {
  return (
    <>
      {name}
      {nip && (
        <Box component="span" sx={secondary}>
          NIP {nip}
        </Box>
      )}
    </>
  );
}

/** Spec: an offline invoice (sent to KSeF later) shows it, with the day it must reach KSeF by. */
export function OfflineMarker({
  invoice,
  t,
}: {
  invoice: Pick<PlInvoice, 'mode' | 'offlineDeadline'>;
  t: TFunction;
}) {
  if (invoice.mode !== 'offline') return null;
  const deadline = offlineDeadlineDay(invoice.offlineDeadline);
  const label = deadline ? t('offline.until', { date: deadline }) : t('offline.label');
  return (
    <Tooltip title={t('offline.hint')}>
      <Chip size="small" variant="outlined" color="warning" label={label} />
    </Tooltip>
  );
}

interface InvoiceColumnsOptions {
  t: TFunction;
  language: string;
  detailsHref: (uuid: string) => string;
  onShowDetails: (uuid: string) => void;
}

export function invoiceColumns({
  t,
  language,
  detailsHref,
  onShowDetails,
}: InvoiceColumnsOptions): DataTableColumn<PlInvoice>[] {
  return [
    {
      id: 'invoiceNumber',
      label: t('fields.invoiceNumber'),
      breakAnywhere: true,
      render: (invoice) => (
        <DialogLink href={detailsHref(invoice.uuid)} onOpen={() => onShowDetails(invoice.uuid)}>
          {invoice.invoiceNumber}
        </DialogLink>
      ),
    },
    {
      id: 'invoiceDate',
      label: t('fields.invoiceDate'),
      // Spec 9: invoice dates as yyyy-MM-dd, the way the API sends them.
      render: (invoice) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {invoice.invoiceDate ?? ''}
        </Box>
      ),
    },
    {
      id: 'invoiceType',
      label: t('fields.invoiceType'),
      render: (invoice) => (
        <Tooltip title={t(`types.${invoice.invoiceType}`, invoice.invoiceType)}>
          <span>{invoice.invoiceType}</span>
        </Tooltip>
      ),
    },
    {
      id: 'seller',
      label: t('fields.seller'),
      render: (invoice) => <Party name={invoice.senderName} nip={invoice.invoiceCreatorNip} />,
    },
    {
      id: 'buyer',
      label: t('fields.buyer'),
      render: (invoice) => <Party name={invoice.recipientName} nip={invoice.invoiceRecipientNip} />,
    },
    {
      id: 'grossAmount',
      label: t('fields.grossAmount'),
      align: 'right',
      render: (invoice) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {grossAmountText(invoice, language)}
        </Box>
      ),
    },
    {
      id: 'status',
      label: t('fields.status'),
      render: (invoice) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <InvoiceStatusBadge
            status={invoice.status}
            label={t(`plInvoiceView:statuses.${knownStatus(invoice.status)}`)}
          />
          <OfflineMarker invoice={invoice} t={t} />
        </Stack>
      ),
    },
    {
      id: 'ksefReferenceNumber',
      label: t('fields.ksefReferenceNumber'),
      breakAnywhere: true,
      render: (invoice) => invoice.ksefReferenceNumber ?? '',
    },
    {
      id: 'createdAt',
      label: t('fields.createdAt'),
      render: (invoice) => <WrappingTimestamp value={invoice.createdAt} language={language} />,
    },
  ];
}
