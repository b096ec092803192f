/**
 * `/expenses` (account spec 2.9, 8, 9): the Sistema Tessera Sanitaria health expenses, created the
 * last month by default, 30 a page, with the filter panel, the table (hidden on a list error,
 * 'No records found' when empty), the details dialog through the URL (tabs Info and Receipts), the
 * new expense form, and the downloads: the latest receipt of a row, the receipts of the page as a
 * zip. A failed download says so in a snackbar.
 */
import type { Expense } from '@fiscus/contracts';
import { cancellableExpenseStatuses } from '@fiscus/contracts/expense-codes';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import InfoIcon from '@mui/icons-material/Info';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Button from '@mui/material/Button';
import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListState, useUrlDialog } from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { currentLanguage } from '../../../lib/i18n';
import { lazyPart } from '../../../lib/lazy-part';
import {
  downloadExpenseReceipt,
  downloadExpenseReceiptsZip,
  expenseQueries,
} from '../api/expense-queries';
import {
  defaultExpenseFilters,
  EXPENSES_TABLE_KEY,
  toExpenseListQuery,
} from '../model/expense-filters';
import { latestReceiptProtocol, pollExpenses } from '../model/expense-requests';
import { expenseColumns, expenseFilterInputs } from './expense-columns';

/** `?dialogId=expense&dialog_uuid=…` opens an expense's details over the list. */
export const EXPENSE_DIALOG_ID = 'expense';

const ExpenseDetailsDialog = lazyPart(
  () => import('./expense-details-dialog').then((module) => module.ExpenseDetailsDialog),
  ['expenses'],
);
const CancelExpenseDialog = lazyPart(
  () => import('./cancel-expense-dialog').then((module) => module.CancelExpenseDialog),
  ['expenses'],
);
const NewExpenseDialog = lazyPart(
  () => import('./new-expense-dialog').then((module) => module.NewExpenseDialog),
  ['expenses'],
);

const expenseId = (expense: Expense) => expense.uuid;

export default function ExpensesPage() {
  const [defaultFilters] = useState(() => defaultExpenseFilters(dayjs()));
  const list = useListState(EXPENSES_TABLE_KEY, { defaultFilters });
  const query = useMemo(() => toExpenseListQuery(list.queryParams), [list.queryParams]);
  usePrefetchQuery(expenseQueries.list(query));
  const { t } = useTranslation(['expenses', 'listKit']);
  const language = currentLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const expenses = useQuery({
    ...expenseQueries.list(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => pollExpenses(current.state.data?.items),
  });
  const details = useUrlDialog(EXPENSE_DIALOG_ID, ['uuid']);
  const create = useUrlDialog('new', []);
  const cancel = useRowDialog('cancel', expenses.data?.items, expenseId);
  const [zipping, setZipping] = useState(false);

  const downloadFailed = () => enqueueSnackbar(t('messages.downloadError'), { variant: 'error' });
  const downloadZip = () => {
    setZipping(true);
    void downloadExpenseReceiptsZip(query)
      .catch(downloadFailed)
      .finally(() => setZipping(false));
  };

  return (
    <ResourceListPage
      title={t('title')}
      subtitle={t('subtitle')}
      list={list}
      filters={expenseFilterInputs(t)}
      query={expenses}
      columns={expenseColumns({
        t,
        language,
        detailsHref: (uuid) => details.href({ uuid }),
        onShowDetails: (uuid) => details.open({ uuid }),
      })}
      getRowId={expenseId}
      prefetch={[ExpenseDetailsDialog, NewExpenseDialog, CancelExpenseDialog]}
      headerActions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => create.open({})}>
          {t('actions.new')}
        </Button>
      }
      toolbar={
        <Button
          startIcon={<FolderZipIcon />}
          disabled={zipping || !expenses.data || expenses.data.items.length === 0}
          onClick={downloadZip}
        >
          {t('actions.downloadZip')}
        </Button>
      }
      rowActions={(expense) => {
        const protocol = latestReceiptProtocol(expense);
        return [
          {
            id: 'details',
            label: t('actions.details'),
            icon: InfoIcon,
            onClick: () => details.open({ uuid: expense.uuid }),
          },
          {
            id: 'receipt',
            label: t('actions.downloadLatestReceipt'),
            icon: PictureAsPdfIcon,
            hidden: protocol === null,
            onClick: () => {
              if (protocol !== null)
                void downloadExpenseReceipt(expense.uuid, protocol).catch(downloadFailed);
            },
          },
          {
            id: 'cancel',
            label: t('actions.cancelExpense'),
            icon: CancelIcon,
            color: 'error',
            hidden: !cancellableExpenseStatuses.includes(expense.status),
            onClick: () => cancel.open(expense),
          },
        ];
      }}
    >
      {details.data && <ExpenseDetailsDialog uuid={details.data.uuid} onClose={details.close} />}
      {create.data && <NewExpenseDialog onClose={create.close} />}
      {cancel.row && <CancelExpenseDialog expense={cancel.row} onClose={cancel.close} />}
    </ResourceListPage>
  );
}
