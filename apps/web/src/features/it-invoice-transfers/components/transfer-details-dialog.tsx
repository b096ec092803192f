/**
 * The details dialog of a transfer (spec 2), through the URL (`?dialogId=transfer&dialog_uuid=…`):
 * the uuid and every field, the violations folded under a toggle, a link to the customer
 * invoice the transfer sent, and the 'Invoice XML' download.
 */
import type { InvoiceTransfer } from '@fiscus/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  dialogHref,
  DetailsDialog,
  DetailsList,
  formatListDate,
  formatListTimestamp,
} from '../../../components/list-kit';
import { formatMoney } from '../../../lib/decimal-amount';
import { currentLanguage } from '../../../lib/i18n';
import { transferQueries } from '../api/transfer-queries';
import { transferViolations } from '../model/transfer-violations';
import { noticeText } from '../model/transfer-notice';
import { PartyName } from './transfer-columns';
import { ViolationsList } from './violations-list';

/** The sent invoice's details dialog on the customer invoice list. */
export function sentInvoiceHref(invoiceUuid: string): string {
  return dialogHref('/customer-invoice', 'invoice', { uuid: invoiceUuid });
}

function TransferFields({ transfer }: { transfer: InvoiceTransfer }) {
  const { t } = useTranslation(['invoiceTransfers', 'invoices']);
  const language = currentLanguage();
  const notFound = t('notFound');
  const money = (value: string | null) => (value === null ? '' : formatMoney(value, language));
  const time = (value: string | null) => (value ? formatListTimestamp(value, language) : '');
  const items: { label: string; value: ReactNode }[] = [
    { label: t('fields.uuid'), value: <Box sx={{ fontFamily: 'monospace' }}>{transfer.uuid}</Box> },
    { label: t('fields.original_file_name'), value: transfer.original_file_name },
    { label: t('fields.reference'), value: transfer.reference },
    {
      label: t('fields.supplier_name'),
      value: (
        <PartyName
          name={transfer.supplier_name}
          fiscalId={transfer.supplier_fiscal_id}
          notFound={notFound}
        />
      ),
    },
    { label: t('fields.supplier_fiscal_id'), value: transfer.supplier_fiscal_id ?? '' },
    {
      label: t('fields.customer_name'),
      value: (
        <PartyName
          name={transfer.customer_name}
          fiscalId={transfer.customer_fiscal_id}
          notFound={notFound}
        />
      ),
    },
    { label: t('fields.customer_fiscal_id'), value: transfer.customer_fiscal_id ?? '' },
    { label: t('fields.invoice_number'), value: transfer.invoice_number ?? '' },
    { label: t('fields.invoice_date'), value: formatListDate(transfer.invoice_date, language) },
    { label: t('fields.invoice_type'), value: transfer.invoice_type ?? '' },
    { label: t('fields.invoice_net_amount'), value: money(transfer.invoice_net_amount) },
    { label: t('fields.invoice_vat_amount'), value: money(transfer.invoice_vat_amount) },
    { label: t('fields.invoice_tot_amount'), value: money(transfer.invoice_tot_amount) },
    { label: t('fields.created_at'), value: time(transfer.created_at) },
    { label: t('fields.sent_at'), value: time(transfer.sent_at) },
    { label: t('fields.sdi_id'), value: transfer.sdi_id ?? '' },
    { label: t('fields.sdi_file_name'), value: transfer.sdi_file_name ?? '' },
    {
      label: t('fields.invoice_uuid'),
      value: transfer.invoice_uuid ? (
        <Link component={RouterLink} to={sentInvoiceHref(transfer.invoice_uuid)}>
          {t('details.openInvoice', { uuid: transfer.invoice_uuid })}
        </Link>
      ) : (
        ''
      ),
    },
    {
      label: t('fields.marking'),
      value: transfer.marking ? t(`invoices:markings.${transfer.marking}`) : '',
    },
    { label: t('fields.notice'), value: noticeText(transfer, t) },
  ];
  return <DetailsList items={items} />;
}

function FoldedViolations({ transfer }: { transfer: InvoiceTransfer }) {
  const { t } = useTranslation('invoiceTransfers');
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const violations = transferViolations(transfer.violations);
  if (violations.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Button
        color="error"
        aria-expanded={open}
        aria-controls={regionId}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        onClick={() => setOpen((current) => !current)}
      >
        {t('details.violations', { count: violations.length })}
      </Button>
      <Collapse in={open} id={regionId}>
        <ViolationsList violations={violations} />
      </Collapse>
    </Box>
  );
}

export function TransferDetailsDialog({
  uuid,
  onClose,
  onDownloadXml,
}: {
  uuid: string;
  onClose: () => void;
  onDownloadXml: (transfer: InvoiceTransfer) => void;
}) {
  const { t } = useTranslation('invoiceTransfers');
  const transfer = useQuery(transferQueries.detail(uuid));
  return (
    <DetailsDialog
      open
      onClose={onClose}
      title={t('details.title')}
      isLoading={transfer.isPending}
      isError={transfer.isError}
      maxWidth="md"
    >
      {transfer.data && (
        <>
          <TransferFields transfer={transfer.data} />
          <FoldedViolations transfer={transfer.data} />
          <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => transfer.data && onDownloadXml(transfer.data)}
            >
              {t('actions.downloadXml')}
            </Button>
          </Stack>
        </>
      )}
    </DetailsDialog>
  );
}
