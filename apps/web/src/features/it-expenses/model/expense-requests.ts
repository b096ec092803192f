/**
 * What the list shows of an expense's transmissions (account spec 3 "Expense", "Receipt"): the
 * latest one's protocol, and the protocol of the latest receipt, that of the latest transmission
 * Sistema TS has answered (a receipt comes with the outcome).
 */
import type { Expense } from '@fiscus/contracts';

export type ExpenseTransmission = Expense['requests'][number];

const instant = (value: string) => {
  const time = Date.parse(value);
  return Number.isNaN(time) ? 0 : time;
};

/** Latest first: by the time it was made, then by id. */
function newestFirst(a: ExpenseTransmission, b: ExpenseTransmission): number {
  return instant(b.requested_at) - instant(a.requested_at) || b.id - a.id;
}

/** The latest transmission of the expense, or null before the first. */
export function latestTransmission(expense: Pick<Expense, 'requests'>): ExpenseTransmission | null {
  return [...expense.requests].sort(newestFirst)[0] ?? null;
}

/** The protocol of the expense's latest receipt, or null while none has come. */
export function latestReceiptProtocol(expense: Pick<Expense, 'requests'>): string | null {
  const answered = expense.requests.filter((request) => request.esito_chiamata !== null);
  return answered.sort(newestFirst)[0]?.protocol_id ?? null;
}

/** Sistema TS has not answered yet: the expense changes by itself. */
export function isUnsettled(expense: Pick<Expense, 'status'>): boolean {
  return expense.status === 'pending' || expense.status === 'sent';
}

/** A list or a dialog showing an expense that will change by itself asks again every 3 s. */
export function pollExpenses(
  expenses: readonly Pick<Expense, 'status'>[] | undefined,
): number | false {
  return expenses?.some(isUnsettled) ? 3_000 : false;
}
