import { DialogLink } from '../../../components/list-kit';
import type { DataTableColumn } from '../../../components/list-kit';
import { formatMoney } from '../../../lib/decimal-amount';
import { markingColor } from '../model/badge-colors';
import type { InvoiceDirection } from '../model/invoice-filters';
import type { InvoiceListRow } from '../model/invoice-list-row';
import { invoicePayment } from '../model/invoice-payment';
import { markingLabelKey } from '../model/invoice-rules';
import { formatInvoiceDate, formatInvoiceTimestamp } from '../model/invoice-timestamp';
import { InvoicePaymentChip, type PaymentTranslate } from './invoice-payment-status';
import { StatusBadge } from './status-badge';

interface ColumnOptions {
  t: PaymentTranslate;
  language: string;
  /** Customer invoices (0) show whether bank transactions paid them; supplier invoices not. */
  direction: InvoiceDirection;
  detailsHref: (uuid: string) => string;
  onShowDetails: (uuid: string) => void;
}

function yesNo(value: boolean, t: (key: string) => string): string {
  return value ? t('values.yes') : t('values.no');
}

/** The columns of both invoice lists; the rarer ones start hidden (Columns menu). */
export function invoiceColumns({
  t,
  language,
  direction,
  detailsHref,
  onShowDetails,
}: ColumnOptions): DataTableColumn<InvoiceListRow>[] {
  const openLink = (invoice: InvoiceListRow, label: string) => (
    <DialogLink href={detailsHref(invoice.uuid)} onOpen={() => onShowDetails(invoice.uuid)}>
      {label}
    </DialogLink>
  );
  const paidColumn: DataTableColumn<InvoiceListRow>[] =
    direction === 0
      ? [
          {
            id: 'paid',
            label: t('fields.paid'),
            render: (invoice) => (
              <InvoicePaymentChip payment={invoicePayment(invoice)} t={t} language={language} />
            ),
          },
        ]
      : [];
  return [
    {
      id: 'invoiceNumber',
      label: t('fields.invoiceNumber'),
      breakAnywhere: true,
      orderField: 'invoiceNumber',
      render: (invoice) => openLink(invoice, invoice.invoiceNumber ?? t('values.none')),
    },
    {
      id: 'invoiceDate',
      label: t('fields.invoiceDate'),
      orderField: 'invoiceDate',
      render: (invoice) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatInvoiceDate(invoice.invoiceDate, language)}
        </span>
      ),
    },
    {
      id: 'document_type',
      label: t('fields.document_type'),
      defaultHidden: true,
      render: (invoice) => invoice.document_type,
    },
    { id: 'sender', label: t('fields.sender'), render: (invoice) => invoice.senderFormatted },
    {
      id: 'senderVatNumber',
      label: t('fields.senderVatNumber'),
      defaultHidden: true,
      render: (invoice) => invoice.senderVatNumberFormatted ?? invoice.sender.business_fiscal_code,
    },
    { id: 'recipient', label: t('fields.recipient'), render: (i) => i.recipientFormatted },
    {
      id: 'recipientVatNumber',
      label: t('fields.recipientVatNumber'),
      defaultHidden: true,
      render: (invoice) =>
        invoice.recipientVatNumberFormatted ?? invoice.recipient.business_fiscal_code,
    },
    {
      id: 'invoiceTotal',
      label: t('fields.invoiceTotal'),
      align: 'right',
      render: (invoice) =>
        invoice.invoiceTotal === null ? '' : formatMoney(invoice.invoiceTotal, language),
    },
    {
      id: 'marking',
      label: t('fields.marking'),
      render: (invoice) => (
        <StatusBadge label={t(markingLabelKey(invoice))} color={markingColor(invoice.marking)} />
      ),
    },
    ...paidColumn,
    {
      id: 'created_at',
      label: t('fields.created_at'),
      render: (invoice) => (
        <span title={invoice.created_at} style={{ whiteSpace: 'nowrap' }}>
          {formatInvoiceTimestamp(invoice.created_at, language)}
        </span>
      ),
    },
    { id: 'downloaded', label: t('fields.downloaded'), render: (i) => yesNo(i.downloaded, t) },
    {
      id: 'to_pa',
      label: t('fields.toPa'),
      defaultHidden: true,
      render: (invoice) => yesNo(invoice.to_pa, t),
    },
    {
      id: 'signed',
      label: t('fields.signed'),
      defaultHidden: true,
      render: (invoice) => yesNo(invoice.signed, t),
    },
    {
      id: 'transmission_format',
      label: t('fields.transmission_format'),
      defaultHidden: true,
      render: (invoice) => invoice.transmission_format,
    },
    {
      id: 'sdi_file_id',
      label: t('fields.sdi_file_id'),
      breakAnywhere: true,
      defaultHidden: true,
      render: (invoice) => invoice.sdi_file_id,
    },
    {
      id: 'sdi_file_name',
      label: t('fields.sdi_file_name'),
      breakAnywhere: true,
      defaultHidden: true,
      render: (invoice) => invoice.sdi_file_name,
    },
    {
      id: 'uuid',
      label: t('fields.uuid'),
      defaultHidden: true,
      breakAnywhere: true,
      render: (i) => i.uuid,
    },
  ];
}
