/**
 * The transfers table's columns (spec 2 "Invoice transfers screen"): every field of a transfer,
 * the party names with their fiscal id as a tooltip ('Not found' when the file named none), the
 * amounts with their decimal mark, timestamps as dd MMM yyyy HH:mm:ss, and the violations column:
 * an 'ok' badge, an error button opening the violations dialog, or a spinner while the file is
 * still being read. What a user rarely needs in the list (the supplier, the invoice date, the
 * sent time, the document type, amounts but the total, SDI ids) is hidden by default, so the list
 * fits 1440 px in it, en and pl.
 */
import type { InvoiceTransfer } from '@fiscus/contracts';
import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { formatListDate, WrappingTimestamp } from '../../../components/list-kit';
import type { DataTableColumn } from '../../../components/list-kit';
import { formatMoney } from '../../../lib/decimal-amount';
import { noticeText } from '../model/transfer-notice';
import { isProcessing, transferViolations } from '../model/transfer-violations';

export interface TransferColumnsOptions {
  t: TFunction;
  language: string;
  onShowViolations: (transfer: InvoiceTransfer) => void;
}

const mono = { fontFamily: 'monospace', fontSize: 13 } as const;

/** A party: its name with the fiscal id as tooltip, 'Not found' when the file named none. */
export function PartyName({
  name,
  fiscalId,
  notFound,
}: {
  name: string | null;
  fiscalId: string | null;
  notFound: string;
}) {
  const label = name ?? (
    <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
      {notFound}
    </Box>
  );
  if (!fiscalId) return <>{label}</>;
  return (
    <Tooltip title={fiscalId}>
      <Box component="span" tabIndex={0} aria-label={`${name ?? notFound} (${fiscalId})`}>
        {label}
      </Box>
    </Tooltip>
  );
}

/** The violations cell: 'ok', the error button, or still being read. */
export function ViolationsBadge({
  transfer,
  t,
  onShow,
}: {
  transfer: InvoiceTransfer;
  t: TFunction;
  onShow: () => void;
}) {
  const count = transferViolations(transfer.violations).length;
  if (count > 0) {
    const label = t('violations.show', { count, file: transfer.original_file_name });
    return (
      <Tooltip title={label}>
        <IconButton size="small" color="error" aria-label={label} onClick={onShow}>
          <ErrorIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  }
  if (isProcessing(transfer)) {
    return (
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={16} aria-hidden />
        {t('status.processing')}
      </Box>
    );
  }
  return <Chip size="small" color="success" label={t('status.ok')} />;
}

const noWrap = { whiteSpace: 'nowrap' } as const;

/** A file or folder name that wraps after its separators ('_', '.', '-', '/') before anywhere else. */
export function BreakableName({ name, minWidth }: { name: string; minWidth: number }) {
  const parts = name.split(/(?<=[_./-])/);
  return (
    <Box sx={{ minWidth, overflowWrap: 'anywhere' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Box>
  );
}

function amount(value: string | null, language: string): ReactNode {
  return value === null ? '' : <Box sx={noWrap}>{formatMoney(value, language)}</Box>;
}

export function transferColumns({
  t,
  language,
  onShowViolations,
}: TransferColumnsOptions): DataTableColumn<InvoiceTransfer>[] {
  const notFound = t('notFound');
  return [
    {
      id: 'original_file_name',
      label: t('fields.original_file_name'),
      breakAnywhere: true,
      // Wide enough for 'IT01234567897_' whole: the name wraps after its separators.
      render: (row) => <BreakableName name={row.original_file_name} minWidth={120} />,
    },
    {
      id: 'violations',
      label: t('fields.violations'),
      render: (row) => (
        <ViolationsBadge transfer={row} t={t} onShow={() => onShowViolations(row)} />
      ),
    },
    {
      id: 'reference',
      label: t('fields.reference'),
      breakAnywhere: true,
      render: (row) => <BreakableName name={row.reference} minWidth={72} />,
    },
    {
      id: 'supplier_name',
      label: t('fields.supplier_name'),
      // The seller of an upload is nearly always the account's own company: in the details.
      defaultHidden: true,
      render: (row) => (
        <PartyName name={row.supplier_name} fiscalId={row.supplier_fiscal_id} notFound={notFound} />
      ),
    },
    {
      id: 'customer_name',
      label: t('fields.customer_name'),
      render: (row) => (
        <PartyName name={row.customer_name} fiscalId={row.customer_fiscal_id} notFound={notFound} />
      ),
    },
    {
      id: 'invoice_number',
      label: t('fields.invoice_number'),
      breakAnywhere: true,
      render: (row) => row.invoice_number,
    },
    {
      id: 'invoice_date',
      label: t('fields.invoice_date'),
      // The upload's day (created) is in view; the invoice's own date is in the details.
      defaultHidden: true,
      render: (row) => <Box sx={noWrap}>{formatListDate(row.invoice_date, language)}</Box>,
    },
    {
      id: 'invoice_type',
      label: t('fields.invoice_type'),
      defaultHidden: true,
      render: (row) => row.invoice_type,
    },
    {
      id: 'invoice_net_amount',
      label: t('fields.invoice_net_amount'),
      align: 'right',
      defaultHidden: true,
      render: (row) => amount(row.invoice_net_amount, language),
    },
    {
      id: 'invoice_vat_amount',
      label: t('fields.invoice_vat_amount'),
      align: 'right',
      defaultHidden: true,
      render: (row) => amount(row.invoice_vat_amount, language),
    },
    {
      id: 'invoice_tot_amount',
      label: t('fields.invoice_tot_amount'),
      align: 'right',
      render: (row) => amount(row.invoice_tot_amount, language),
    },
    {
      id: 'created_at',
      label: t('fields.created_at'),
      orderField: 'created_at',
      render: (row) => <WrappingTimestamp value={row.created_at} language={language} />,
    },
    {
      id: 'sent_at',
      label: t('fields.sent_at'),
      // The marking says what SDI made of it; when it was sent is in the details.
      defaultHidden: true,
      render: (row) => <WrappingTimestamp value={row.sent_at} language={language} />,
    },
    {
      id: 'sdi_id',
      label: t('fields.sdi_id'),
      breakAnywhere: true,
      defaultHidden: true,
      render: (row) => row.sdi_id,
    },
    {
      id: 'sdi_file_name',
      label: t('fields.sdi_file_name'),
      breakAnywhere: true,
      defaultHidden: true,
      render: (row) => row.sdi_file_name,
    },
    {
      id: 'invoice_uuid',
      label: t('fields.invoice_uuid'),
      breakAnywhere: true,
      defaultHidden: true,
      render: (row) => (
        <Box component="span" sx={mono}>
          {row.invoice_uuid}
        </Box>
      ),
    },
    {
      id: 'marking',
      label: t('fields.marking'),
      render: (row) => (row.marking ? t(`invoices:markings.${row.marking}`) : ''),
    },
    {
      id: 'notice',
      label: t('fields.notice'),
      render: (row) => <Box sx={{ minWidth: 100 }}>{noticeText(row, t)}</Box>,
    },
  ];
}
