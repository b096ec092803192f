/**
 * The expenses list's filters (account spec 2.9, 7 `GET /sistema-ts/expenses`, 9): the created
 * range (the last month by default, from 00:00:00 one month ago to 23:59:59 today, in the
 * browser's zone), the owner's and the citizen's fiscal codes, the expense type, the status and the
 * document number, under the names the API takes; and the query they make.
 */
import { expenseStatuses, expenseTypes } from '@fiscus/contracts/expense-codes';
import type { Dayjs } from 'dayjs';
// The modules, not the kit's index: the route's prefetch reads these without the kit's components.
import {
  datePresetRange,
  dayEndBound,
  dayStartBound,
} from '../../../components/list-kit/date-presets';
import type { ListQueryParams } from '../../../components/list-kit/list-query-string';
import type { QueryParams } from '../../../lib/api-client';

/** Key of the table's column choices and kept filters in localStorage: never rename it. */
export const EXPENSES_TABLE_KEY = 'it-expenses';

export const emptyExpenseFilters = {
  'created_at[after]': '',
  'created_at[before]': '',
  codice_fiscale_proprietario: '',
  codice_fiscale_cittadino: '',
  expense_type: '',
  status: '',
  document_number: '',
};

export type ExpenseFilters = typeof emptyExpenseFilters;

/** Spec 9: "last month, 00:00:00 to 23:59:59", sent as day-start and day-end. */
export function defaultExpenseFilters(now: Dayjs): ExpenseFilters {
  const { from, to } = datePresetRange('lastMonth', now);
  return {
    ...emptyExpenseFilters,
    'created_at[after]': dayStartBound(from),
    'created_at[before]': dayEndBound(to),
  };
}

const FISCAL_CODES: ReadonlySet<string> = new Set([
  'codice_fiscale_proprietario',
  'codice_fiscale_cittadino',
]);

const CHOICES: Readonly<Record<string, readonly string[]>> = {
  expense_type: expenseTypes,
  status: expenseStatuses,
};

/**
 * The list call's query: page, size and the filters trimmed, the fiscal codes upper-cased, an
 * unknown type or status (a hand-edited address) left out.
 */
export function toExpenseListQuery(params: ListQueryParams): QueryParams {
  const query: QueryParams = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed === '') continue;
    const choices = CHOICES[name];
    if (choices && !choices.includes(trimmed)) continue;
    query[name] = FISCAL_CODES.has(name) ? trimmed.toUpperCase() : trimmed;
  }
  return query;
}
