/**
 * `/openbanking/transactions` (spec "Transactions screen", 9; issue 36 reconciliation): the
 * registry chosen by its fiscal id (`?fiscalId=`), the filters (its accounts, categories, made
 * after and before: the last 30 days by default, status, duplicated) and its transactions: made
 * on, description, category, amount, currency, status, duplicated, and what each pays (the
 * invoices matched, or a suggestion to confirm). "Import statement" reads a camt.053/054 file.
 */
import type { ObTransaction } from '@fiscus/contracts';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useListState,
  useUrlDialog,
  type DataTableColumn,
  type FilterInput,
} from '../../../components/list-kit';
import { ResourceListPage, useRowDialog } from '../../../components/resource-page';
import { formatMoney } from '../../../lib/decimal-amount';
import { currentLanguage } from '../../../lib/i18n';
import { lazyPart } from '../../../lib/lazy-part';
import { activityQueries } from '../api/activity-queries';
import { useFiscalId } from '../hooks/use-fiscal-id';
import {
  defaultTransactionFilters,
  NOT_KEPT,
  toActivityQuery,
  TRANSACTION_STATUSES,
  transactionsTableKey,
} from '../model/activity-filters';
import { ChooseRegistry } from './choose-registry';
import { FiscalIdSelect } from './fiscal-id-select';
import { MatchCell } from './match-cell';
import { useAccountOptions } from './use-account-options';

/** The match's candidates and the statement import load when opened, or once idle. */
const MatchDialog = lazyPart(
  () => import('./match-dialog').then((module) => module.MatchDialog),
  ['obBankActivity', 'listKit'],
);
const StatementImportDialog = lazyPart(
  () => import('./statement-import-dialog').then((module) => module.StatementImportDialog),
  ['obBankActivity', 'listKit'],
);

const transactionId = (transaction: ObTransaction) => transaction.transactionId;

export default function TransactionsPage() {
  const [fiscalId, chooseFiscalId] = useFiscalId();
  const [defaults] = useState(() => defaultTransactionFilters(dayjs()));
  const list = useListState(transactionsTableKey, { defaultFilters: defaults, notKept: NOT_KEPT });
  const query = useMemo(() => toActivityQuery(list.queryParams), [list.queryParams]);
  const transactions = useQuery({
    ...activityQueries.transactions(fiscalId ?? '', query),
    enabled: fiscalId !== null,
    placeholderData: keepPreviousData,
  });
  const { t } = useTranslation(['obBankActivity', 'listKit']);
  const language = currentLanguage();
  const accountOptions = useAccountOptions(fiscalId);
  const categories = useQuery({ ...activityQueries.categories(), enabled: fiscalId !== null });
  const match = useRowDialog('match', transactions.data?.items, transactionId);
  const statement = useUrlDialog('import', []);
  const picker = <FiscalIdSelect value={fiscalId} onChange={chooseFiscalId} />;

  if (fiscalId === null) {
    return (
      <ChooseRegistry
        title={t('transactions.title')}
        subtitle={t('transactions.subtitle')}
        picker={picker}
        message={t('picker.choose')}
      />
    );
  }

  const columns: DataTableColumn<ObTransaction>[] = [
    {
      id: 'madeOn',
      label: t('transactions.fields.madeOn'),
      render: (transaction) => <span style={{ whiteSpace: 'nowrap' }}>{transaction.madeOn}</span>,
    },
    {
      id: 'description',
      label: t('transactions.fields.description'),
      render: (transaction) => transaction.description,
    },
    {
      id: 'category',
      label: t('transactions.fields.category'),
      render: (transaction) =>
        t(`categories.${transaction.category}`, { defaultValue: transaction.category }),
    },
    {
      id: 'amount',
      label: t('transactions.fields.amount'),
      align: 'right',
      render: (transaction) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(transaction.amount, language, transaction.currencyCode)}
        </span>
      ),
    },
    {
      id: 'currencyCode',
      label: t('transactions.fields.currencyCode'),
      render: (transaction) => transaction.currencyCode,
    },
    {
      id: 'status',
      label: t('transactions.fields.status'),
      render: (transaction) => t(`transactions.statuses.${transaction.status}`),
    },
    {
      id: 'duplicated',
      label: t('transactions.fields.duplicated'),
      render: (transaction) =>
        t(transaction.duplicated ? 'filters.yes' : 'filters.no', { ns: 'listKit' }),
    },
    {
      id: 'match',
      label: t('transactions.fields.match'),
      breakAnywhere: true,
      render: (transaction) => (
        <MatchCell transaction={transaction} onConfirm={(row) => match.open(row)} />
      ),
    },
  ];

  const filters: FilterInput[] = [
    { kind: 'multiSelect', name: 'account', label: t('filters.accounts'), options: accountOptions },
    {
      kind: 'multiSelect',
      name: 'category',
      label: t('transactions.fields.category'),
      options: (categories.data?.items ?? []).map(({ category }) => ({
        value: category,
        label: t(`categories.${category}`, { defaultValue: category }),
      })),
    },
    {
      kind: 'dateRange',
      fromName: 'madeOn[after]',
      toName: 'madeOn[before]',
      label: t('filters.madeOn'),
    },
    {
      kind: 'select',
      name: 'status',
      label: t('transactions.fields.status'),
      options: TRANSACTION_STATUSES.map((status) => ({
        value: status,
        label: t(`transactions.statuses.${status}`),
      })),
    },
    { kind: 'triState', name: 'duplicated', label: t('transactions.fields.duplicated') },
  ];

  return (
    <ResourceListPage
      title={t('transactions.title')}
      subtitle={t('transactions.subtitle')}
      tableLabel={t('transactions.table', { fiscalId })}
      list={list}
      filters={filters}
      filtersExpanded
      query={transactions}
      columns={columns}
      getRowId={transactionId}
      prefetch={[MatchDialog, StatementImportDialog]}
      headerActions={
        <>
          {picker}
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => statement.open({})}
            data-testid="ob-import-statement"
          >
            {t('statement.open')}
          </Button>
        </>
      }
    >
      {match.row && <MatchDialog transaction={match.row} onClose={match.close} />}
      {statement.data && <StatementImportDialog fiscalId={fiscalId} onClose={statement.close} />}
    </ResourceListPage>
  );
}
