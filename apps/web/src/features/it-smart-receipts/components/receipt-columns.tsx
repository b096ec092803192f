/**
 * The smart receipt tables' columns and filters (italian-invoicing spec 2 "Smart receipt
 * screens", 3 "Smart receipt", "List filters"): the document number opening the details, the
 * dates, the company, the total, the status as a coloured chip (a spinner while the Agenzia has
 * not answered) and, on returns and voids, the sale they come from.
 */
import { receiptStatuses } from '@fiscus/contracts/receipt-messages';
import type { Receipt, ReceiptStatusName, ReceiptTypeName } from '@fiscus/contracts';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import type { TFunction } from 'i18next';
import { DialogLink, WrappingTimestamp } from '../../../components/list-kit';
import type { DataTableColumn, FilterInput } from '../../../components/list-kit';
import { formatMoney } from '../../../lib/decimal-amount';
import { FISCAL_IDS_PARAM, isUnsettled } from '../model/receipt-filters';

const statusColours: Record<
  ReceiptStatusName,
  'default' | 'info' | 'success' | 'error' | 'warning'
> = {
  new: 'default',
  submitted: 'info',
  retry: 'warning',
  ready: 'success',
  failed: 'error',
  voided: 'default',
};

export function ReceiptStatusChip({
  receipt,
  t,
}: {
  receipt: Pick<Receipt, 'status'>;
  t: TFunction;
}) {
  return (
    <Chip
      size="small"
      color={statusColours[receipt.status]}
      variant={receipt.status === 'new' || receipt.status === 'voided' ? 'outlined' : 'filled'}
      icon={
        isUnsettled(receipt) ? (
          <CircularProgress size={12} color="inherit" aria-hidden />
        ) : undefined
      }
      label={t(`statuses.${receipt.status}`)}
    />
  );
}

export function receiptFilterInputs(t: TFunction): FilterInput[] {
  const range = (name: string) =>
    ({
      kind: 'dateRange',
      label: t(`fields.${name}`),
      fromName: `${name}[after]`,
      toName: `${name}[before]`,
    }) as const;
  return [
    { kind: 'text', name: 'id', label: t('fields.id') },
    { kind: 'text', name: FISCAL_IDS_PARAM, label: t('fields.fiscal_ids') },
    { kind: 'text', name: 'document_number', label: t('fields.document_number') },
    {
      kind: 'select',
      name: 'status',
      label: t('fields.status'),
      options: receiptStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
    },
    range('created_at'),
    range('document_date'),
  ];
}

interface ReceiptColumnsOptions {
  t: TFunction;
  language: string;
  type: ReceiptTypeName;
  detailsHref: (uuid: string) => string;
  onShowDetails: (uuid: string) => void;
}

export function receiptColumns({
  t,
  language,
  type,
  detailsHref,
  onShowDetails,
}: ReceiptColumnsOptions): DataTableColumn<Receipt>[] {
  const time = (value: string | null) =>
    value ? <WrappingTimestamp value={value} language={language} /> : '';
  const openLink = (uuid: string, label: string) => (
    <DialogLink href={detailsHref(uuid)} onOpen={() => onShowDetails(uuid)}>
      {label}
    </DialogLink>
  );
  const columns: DataTableColumn<Receipt>[] = [
    {
      id: 'document_number',
      label: t('fields.document_number'),
      breakAnywhere: true,
      render: (receipt) =>
        openLink(receipt.uuid, receipt.document_number ?? t('values.notNumbered')),
    },
    {
      id: 'created_at',
      label: t('fields.created_at'),
      orderField: 'created_at',
      render: (receipt) => time(receipt.created_at),
    },
    {
      id: 'document_date',
      label: t('fields.document_date'),
      orderField: 'document_date',
      defaultHidden: true,
      render: (receipt) => time(receipt.document_date),
    },
    { id: 'fiscal_id', label: t('fields.fiscal_id'), render: (receipt) => receipt.fiscal_id },
    {
      id: 'total_amount',
      label: t('fields.total_amount'),
      align: 'right',
      render: (receipt) => formatMoney(receipt.total_amount, language),
    },
    {
      id: 'status',
      label: t('fields.status'),
      render: (receipt) => <ReceiptStatusChip receipt={receipt} t={t} />,
    },
    {
      id: 'uuid',
      label: t('fields.uuid'),
      breakAnywhere: true,
      defaultHidden: true,
      render: (receipt) => receipt.uuid,
    },
  ];
  if (type !== 'sale') {
    columns.push({
      id: 'sale',
      label: t('fields.sale'),
      breakAnywhere: true,
      render: (receipt) => {
        const sale = receipt.returned_receipt ?? receipt.voided_receipt;
        return sale ? sale.slice(0, 8) : '';
      },
    });
  } else {
    columns.push({
      id: 'returns',
      label: t('fields.returns'),
      align: 'right',
      render: (receipt) => receipt.return_receipts.length || '',
    });
  }
  return columns;
}
