/**
 * The expenses table's columns and filters (account spec 2.9, 3 "Expense", 7): when it was
 * created, the document (its number opening the details, and its date), the owner's and the
 * citizen's fiscal codes (a marker when the citizen opposed), the expense type, the amount in euro,
 * the status chip and the latest transmission's protocol; the API orders by the creation, the
 * document date and the amount. Only the zod-free codes of the contract are imported: the list's
 * first load carries no schema.
 */
import { expenseStatuses, expenseTypes } from '@fiscus/contracts/expense-codes';
import type { Expense } from '@fiscus/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import { DialogLink, formatListDate, WrappingTimestamp } from '../../../components/list-kit';
import type { DataTableColumn, FilterInput } from '../../../components/list-kit';
import { formatMoney } from '../../../lib/decimal-amount';
import { latestTransmission } from '../model/expense-requests';
import { ExpenseStatusChip } from './expense-chips';

export function expenseFilterInputs(t: TFunction): FilterInput[] {
  return [
    {
      kind: 'dateRange',
      label: t('fields.created_at'),
      fromName: 'created_at[after]',
      toName: 'created_at[before]',
    },
    {
      kind: 'text',
      name: 'codice_fiscale_proprietario',
      label: t('fields.codice_fiscale_proprietario'),
    },
    { kind: 'text', name: 'codice_fiscale_cittadino', label: t('fields.codice_fiscale_cittadino') },
    {
      kind: 'select',
      name: 'expense_type',
      label: t('fields.expense_type'),
      options: expenseTypes.map((type) => ({ value: type, label: expenseTypeLabel(type, t) })),
    },
    {
      kind: 'select',
      name: 'status',
      label: t('fields.status'),
      options: expenseStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
    },
    { kind: 'text', name: 'document_number', label: t('fields.document_number') },
  ];
}

/** "TK – Ticket": the code Sistema TS knows and its meaning. */
export function expenseTypeLabel(type: string, t: TFunction): string {
  return `${type} – ${t(`expenseTypes.${type}`)}`;
}

/** The citizen's fiscal code, or the marker of a citizen who opposed (and has none sent). */
export function CitizenCode({
  expense,
  t,
}: {
  expense: Pick<Expense, 'codice_fiscale_cittadino' | 'flag_opposizione'>;
  t: TFunction;
}) {
  if (expense.codice_fiscale_cittadino !== null) return <>{expense.codice_fiscale_cittadino}</>;
  return expense.flag_opposizione ? (
    <Chip size="small" variant="outlined" label={t('values.opposed')} />
  ) : null;
}

interface ExpenseColumnsOptions {
  t: TFunction;
  language: string;
  detailsHref: (uuid: string) => string;
  onShowDetails: (uuid: string) => void;
}

export function expenseColumns({
  t,
  language,
  detailsHref,
  onShowDetails,
}: ExpenseColumnsOptions): DataTableColumn<Expense>[] {
  return [
    {
      id: 'created_at',
      label: t('fields.created_at'),
      orderField: 'created_at',
      render: (expense) => <WrappingTimestamp value={expense.created_at} language={language} />,
    },
    {
      id: 'document',
      label: t('fields.document'),
      orderField: 'document_date',
      breakAnywhere: true,
      render: (expense) => (
        <>
          <DialogLink href={detailsHref(expense.uuid)} onOpen={() => onShowDetails(expense.uuid)}>
            {expense.document_number}
          </DialogLink>
          <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
            {formatListDate(expense.document_date, language)}
          </Box>
        </>
      ),
    },
    {
      id: 'codice_fiscale_proprietario',
      label: t('fields.codice_fiscale_proprietario'),
      breakAnywhere: true,
      render: (expense) => expense.codice_fiscale_proprietario,
    },
    {
      id: 'codice_fiscale_cittadino',
      label: t('fields.codice_fiscale_cittadino'),
      render: (expense) => <CitizenCode expense={expense} t={t} />,
    },
    {
      id: 'expense_type',
      label: t('fields.expense_type'),
      render: (expense) => expenseTypeLabel(expense.expense_type, t),
    },
    {
      id: 'amount',
      label: t('fields.amount'),
      orderField: 'amount',
      align: 'right',
      render: (expense) => formatMoney(expense.amount, language),
    },
    {
      id: 'status',
      label: t('fields.status'),
      render: (expense) => <ExpenseStatusChip status={expense.status} t={t} />,
    },
    {
      id: 'protocol',
      label: t('fields.latest_protocol'),
      breakAnywhere: true,
      // In the details' transmissions; the column chooser shows it here too.
      defaultHidden: true,
      render: (expense) => latestTransmission(expense)?.protocol_id ?? '',
    },
    {
      id: 'payment_date',
      label: t('fields.payment_date'),
      defaultHidden: true,
      render: (expense) => formatListDate(expense.payment_date, language),
    },
    {
      id: 'uuid',
      label: t('fields.uuid'),
      breakAnywhere: true,
      defaultHidden: true,
      render: (expense) => expense.uuid,
    },
  ];
}
