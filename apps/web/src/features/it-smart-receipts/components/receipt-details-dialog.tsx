/**
 * A receipt's details (italian-invoicing spec 2, 3): tab 'info' with the receipt's fields and the
 * receipts it is linked to, tab 'receipt details' with its lines (the Agenzia's item ids, VAT
 * breakdown of each line) and totals and payments. Asked again while the Agenzia has not answered.
 */
import type { ReceiptDetails } from '@fiscus/contracts';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { DetailsDialog, DetailsList, formatListTimestamp } from '../../../components/list-kit';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/decimal-amount';
import { downloadReceiptPdf, receiptQueries } from '../api/receipt-queries';
import { isUnsettled } from '../model/receipt-filters';
import { ReceiptStatusChip } from './receipt-columns';

type TabId = 'info' | 'details';

function Info({
  receipt,
  t,
  language,
}: {
  receipt: ReceiptDetails;
  t: TFunction;
  language: string;
}) {
  const time = (value: string | null) => (value ? formatListTimestamp(value, language) : '');
  const mono = (value: string | null) =>
    value ? <Box sx={{ fontFamily: 'monospace' }}>{value}</Box> : '';
  const items = [
    { label: t('fields.uuid'), value: mono(receipt.uuid) },
    { label: t('fields.type'), value: t(`types.${receipt.type}`) },
    { label: t('fields.status'), value: <ReceiptStatusChip receipt={receipt} t={t} /> },
    { label: t('fields.fiscal_id'), value: receipt.fiscal_id },
    {
      label: t('fields.document_number'),
      value: receipt.document_number ?? t('values.notNumbered'),
    },
    { label: t('fields.document_date'), value: time(receipt.document_date) },
    { label: t('fields.transaction_id'), value: mono(receipt.transaction_id) },
    { label: t('fields.created_at'), value: time(receipt.created_at) },
    { label: t('fields.total_amount'), value: formatMoney(receipt.total_amount, language) },
  ];
  if (receipt.lottery_code)
    items.push({ label: t('fields.lottery_code'), value: receipt.lottery_code });
  const sale = receipt.returned_receipt ?? receipt.voided_receipt;
  if (sale) items.push({ label: t('fields.sale'), value: mono(sale) });
  if (receipt.voiding_receipt)
    items.push({ label: t('fields.voiding_receipt'), value: mono(receipt.voiding_receipt) });
  if (receipt.return_receipts.length > 0) {
    items.push({
      label: t('fields.return_receipts'),
      value: (
        <Box sx={{ fontFamily: 'monospace' }}>
          {receipt.return_receipts.map((uuid) => (
            <div key={uuid}>{uuid}</div>
          ))}
        </Box>
      ),
    });
  }
  if (receipt.error_code) {
    items.push({
      label: t('fields.error'),
      value: `${receipt.error_code}: ${receipt.error_message ?? ''}`,
    });
  }
  return <DetailsList items={items} />;
}

function Lines({
  receipt,
  t,
  language,
}: {
  receipt: ReceiptDetails;
  t: TFunction;
  language: string;
}) {
  const money = (value: string) => formatMoney(value, language);
  const totals = [
    ['total_amount', receipt.total_amount],
    ['total_taxable_amount', receipt.total_taxable_amount],
    ['total_vat_amount', receipt.total_vat_amount],
    ['total_gross_discount', receipt.total_gross_discount],
    ['total_discount', receipt.total_discount],
    ['discount', receipt.discount],
    ['cash_payment_amount', receipt.cash_payment_amount],
    ['electronic_payment_amount', receipt.electronic_payment_amount],
    ['ticket_restaurant_payment_amount', receipt.ticket_restaurant_payment_amount],
    ['total_uncollected_amount', receipt.total_uncollected_amount],
    ['deductible_amount', receipt.deductible_amount],
  ] as const;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('details.lines')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.description')}</TableCell>
              <TableCell align="right">{t('fields.quantity')}</TableCell>
              <TableCell align="right">{t('fields.unit_price')}</TableCell>
              <TableCell>{t('fields.vat_rate_code')}</TableCell>
              <TableCell align="right">{t('fields.line_discount')}</TableCell>
              <TableCell align="right">{t('fields.vat_amount')}</TableCell>
              <TableCell align="right">{t('fields.line_total')}</TableCell>
              {receipt.type === 'sale' && (
                <TableCell align="right">{t('fields.returned')}</TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {receipt.items.map((item, index) => (
              <TableRow key={item.id ?? index}>
                <TableCell>
                  {item.description}
                  {item.complimentary && ` (${t('values.complimentary')})`}
                  {item.id && (
                    <Box
                      component="span"
                      sx={{ display: 'block', color: 'text.secondary', fontSize: 12 }}
                    >
                      {item.id}
                    </Box>
                  )}
                </TableCell>
                <TableCell align="right">{item.quantity}</TableCell>
                <TableCell align="right">{money(item.gross_price)}</TableCell>
                <TableCell>{item.vat_rate}</TableCell>
                <TableCell align="right">{money(item.gross_discount)}</TableCell>
                <TableCell align="right">{money(item.vat_amount)}</TableCell>
                <TableCell align="right">{money(item.total_amount)}</TableCell>
                {receipt.type === 'sale' && <TableCell align="right">{item.return}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ mt: 2 }}>
        <DetailsList
          items={totals.map(([field, value]) => ({
            label: t(`fields.${field}`),
            value: money(value),
          }))}
        />
      </Box>
    </>
  );
}

export function ReceiptDetailsDialog({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const { t } = useTranslation('smartReceipts');
  const language = currentLanguage();
  const [tab, setTab] = useState<TabId>('info');
  const { enqueueSnackbar } = useSnackbar();
  const details = useQuery({
    ...receiptQueries.details(uuid),
    refetchInterval: (query) => (query.state.data && isUnsettled(query.state.data) ? 3_000 : false),
  });
  const receipt = details.data;
  return (
    <DetailsDialog
      open
      onClose={onClose}
      title={receipt?.document_number ?? t('details.title')}
      isLoading={details.isPending}
      isError={details.isError}
      maxWidth="md"
      alignTop
    >
      {receipt && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Tabs value={tab} onChange={(_event, next: TabId) => setTab(next)} sx={{ flexGrow: 1 }}>
              <Tab value="info" label={t('details.info')} />
              <Tab value="details" label={t('details.receiptDetails')} />
            </Tabs>
            {receipt.document_number && (
              <Button
                startIcon={<PictureAsPdfIcon />}
                onClick={() =>
                  void downloadReceiptPdf(receipt.uuid).catch(() =>
                    enqueueSnackbar(t('messages.pdfError'), { variant: 'error' }),
                  )
                }
              >
                {t('actions.pdf')}
              </Button>
            )}
          </Box>
          {tab === 'info' ? (
            <Info receipt={receipt} t={t} language={language} />
          ) : (
            <Lines receipt={receipt} t={t} language={language} />
          )}
        </>
      )}
    </DetailsDialog>
  );
}
