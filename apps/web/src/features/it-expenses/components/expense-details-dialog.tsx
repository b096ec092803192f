/**
 * An expense's details (account spec 2.9, 3 "Expense", "Receipt"): tab 'Info' with every field of
 * the expense and its transmissions to Sistema TS (protocol, kind, when, outcome, and the messages
 * Sistema TS answered: code, description, type); tab 'Receipts' with the receipts of those
 * transmissions (`GET /sistema-ts/expenses/{uuid}/receipts`), each downloadable as a PDF. A failed
 * download, or an expense that cannot be read, says so in a snackbar.
 */
import type { Expense } from '@fiscus/contracts';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DetailsDialog,
  DetailsList,
  formatListDate,
  formatListTimestamp,
} from '../../../components/list-kit';
import { formatMoney } from '../../../lib/decimal-amount';
import { currentLanguage } from '../../../lib/i18n';
import { downloadExpenseReceipt, expenseQueries } from '../api/expense-queries';
import { pollExpenses } from '../model/expense-requests';
import { CitizenCode, expenseTypeLabel } from './expense-columns';
import { ExpenseStatusChip, OutcomeChip } from './expense-chips';

type TabId = 'info' | 'receipts';

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

function Transmissions({
  expense,
  t,
  language,
}: {
  expense: Expense;
  t: TFunction;
  language: string;
}) {
  if (expense.requests.length === 0) {
    return <Typography color="text.secondary">{t('details.noRequests')}</Typography>;
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t('details.requests')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.protocol')}</TableCell>
            <TableCell>{t('fields.request_type')}</TableCell>
            <TableCell>{t('fields.requested_at')}</TableCell>
            <TableCell>{t('fields.outcome')}</TableCell>
            <TableCell>{t('fields.responses')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {expense.requests.map((request) => (
            <TableRow key={request.id} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={mono}>{request.protocol_id}</TableCell>
              <TableCell>{t(`requestTypes.${request.request_type}`)}</TableCell>
              <TableCell>{formatListTimestamp(request.requested_at, language)}</TableCell>
              <TableCell>
                <OutcomeChip outcome={request.esito_chiamata} t={t} />
              </TableCell>
              <TableCell>
                {request.responses.length === 0 ? (
                  ''
                ) : (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {request.responses.map((response, index) => (
                      <li key={`${response.code}-${index}`}>
                        <strong>{response.code}</strong> ({t(`responseTypes.${response.type}`)}):{' '}
                        {response.description}
                      </li>
                    ))}
                  </Box>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Info({ expense, t, language }: { expense: Expense; t: TFunction; language: string }) {
  const yesNo = (value: boolean) => t(value ? 'values.yes' : 'values.no');
  return (
    <>
      <DetailsList
        items={[
          { label: t('fields.id'), value: String(expense.id) },
          { label: t('fields.uuid'), value: <Box sx={mono}>{expense.uuid}</Box> },
          { label: t('fields.status'), value: <ExpenseStatusChip status={expense.status} t={t} /> },
          {
            label: t('fields.codice_fiscale_proprietario'),
            value: expense.codice_fiscale_proprietario,
          },
          {
            label: t('fields.codice_fiscale_cittadino'),
            value: <CitizenCode expense={expense} t={t} />,
          },
          { label: t('fields.flag_opposizione'), value: yesNo(expense.flag_opposizione) },
          { label: t('fields.amount'), value: formatMoney(expense.amount, language) },
          { label: t('fields.expense_type'), value: expenseTypeLabel(expense.expense_type, t) },
          { label: t('fields.payment_tracked'), value: yesNo(expense.payment_tracked) },
          {
            label: t('fields.document_type'),
            value: t(`documentTypes.${expense.document_type}`),
          },
          { label: t('fields.document_number'), value: expense.document_number },
          {
            label: t('fields.document_date'),
            value: formatListDate(expense.document_date, language),
          },
          {
            label: t('fields.payment_date'),
            value: formatListDate(expense.payment_date, language),
          },
          {
            label: t('fields.created_at'),
            value: formatListTimestamp(expense.created_at, language),
          },
          {
            label: t('fields.updated_at'),
            value: formatListTimestamp(expense.updated_at, language),
          },
        ]}
      />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t('details.requests')}
      </Typography>
      <Transmissions expense={expense} t={t} language={language} />
    </>
  );
}

function Receipts({
  uuid,
  version,
  t,
  language,
}: {
  uuid: string;
  version: string;
  t: TFunction;
  language: string;
}) {
  const receipts = useQuery(expenseQueries.receipts(uuid, version));
  const { enqueueSnackbar } = useSnackbar();
  if (receipts.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('details.loadingReceipts')} />
      </Box>
    );
  }
  if (receipts.isError) return <Alert severity="error">{t('messages.receiptsError')}</Alert>;
  if (receipts.data.length === 0) {
    return <Typography color="text.secondary">{t('details.noReceipts')}</Typography>;
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t('details.receipts')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.protocol')}</TableCell>
            <TableCell>{t('fields.date')}</TableCell>
            <TableCell>{t('fields.description')}</TableCell>
            <TableCell>{t('fields.outcome')}</TableCell>
            <TableCell>{t('fields.operation_type')}</TableCell>
            <TableCell align="right">{t('listKit:table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {receipts.data.map((receipt) => {
            const label = t('actions.downloadReceipt', { protocol: receipt.protocol });
            return (
              <TableRow key={receipt.protocol}>
                <TableCell sx={mono}>{receipt.protocol}</TableCell>
                <TableCell>{formatListTimestamp(receipt.date, language)}</TableCell>
                <TableCell>{receipt.description}</TableCell>
                <TableCell>
                  <OutcomeChip outcome={receipt.outcome} t={t} />
                </TableCell>
                <TableCell>{t(`requestTypes.${receipt.operation_type}`)}</TableCell>
                <TableCell align="right">
                  <Tooltip title={label}>
                    <IconButton
                      aria-label={label}
                      onClick={() =>
                        void downloadExpenseReceipt(uuid, receipt.protocol).catch(() =>
                          enqueueSnackbar(t('messages.downloadError'), { variant: 'error' }),
                        )
                      }
                    >
                      <PictureAsPdfIcon />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function ExpenseDetailsDialog({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const { t } = useTranslation(['expenses', 'listKit']);
  const language = currentLanguage();
  const [tab, setTab] = useState<TabId>('info');
  const details = useQuery({
    ...expenseQueries.detail(uuid),
    refetchInterval: (current) => pollExpenses(current.state.data && [current.state.data]),
  });
  const expense = details.data;
  const { enqueueSnackbar } = useSnackbar();
  // The kit's dialog shows nothing on error (spec 4); the snackbar says why (spec 8).
  useEffect(() => {
    if (details.isError) enqueueSnackbar(t('messages.loadError'), { variant: 'error' });
  }, [details.isError, enqueueSnackbar, t]);
  return (
    <DetailsDialog
      open
      onClose={onClose}
      title={
        expense ? t('details.title', { number: expense.document_number }) : t('details.loading')
      }
      isLoading={details.isPending}
      isError={details.isError}
      maxWidth="md"
      alignTop
    >
      {expense && (
        <>
          <Tabs value={tab} onChange={(_event, next: TabId) => setTab(next)} sx={{ mb: 2 }}>
            <Tab value="info" label={t('details.info')} />
            <Tab value="receipts" label={t('details.receipts')} />
          </Tabs>
          {tab === 'info' ? (
            <Info expense={expense} t={t} language={language} />
          ) : (
            <Receipts uuid={expense.uuid} version={expense.updated_at} t={t} language={language} />
          )}
        </>
      )}
    </DetailsDialog>
  );
}
