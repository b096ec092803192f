import {
  EXPENSE_VIOLATION_MESSAGES,
  type ExpenseRequest,
  type ExpenseViolationKey,
  type Violation,
} from '@fiscus/contracts';
import { isValidCodiceFiscale } from '@fiscus/fatturapa/fields';
import { isExpenseAmount, isIsoDate } from '../../../gateways/sistema-ts/document-fields.ts';
import { violation } from '../../../platform/problem-errors.ts';

/**
 * The checks an expense passes before it is stored (all at once, each on its field): real fiscal
 * codes (the citizen's a person's 16 characters), the opposition rule, an amount in cents within
 * Sistema TS's bounds, real dates not after today in Italy. Sistema TS checks again on its side.
 */

/** An accepted amount as the table stores it: 2 decimals. */
export function amountText(amount: string): string {
  const [whole = '0', decimals = ''] = amount.split('.');
  return `${BigInt(whole)}.${decimals.padEnd(2, '0')}`;
}

function refused(path: string, key: ExpenseViolationKey): Violation {
  return violation(path, EXPENSE_VIOLATION_MESSAGES[key], key);
}

export function checkExpense(body: ExpenseRequest, prefix: string, today: string): Violation[] {
  const at = (field: string) => `${prefix}${field}`;
  const found: Violation[] = [];
  if (!isValidCodiceFiscale(body.codice_fiscale_proprietario)) {
    found.push(refused(at('codice_fiscale_proprietario'), 'fiscal_code_invalid'));
  }
  const citizen = body.codice_fiscale_cittadino || null;
  if (body.flag_opposizione === true) {
    if (citizen) found.push(refused(at('codice_fiscale_cittadino'), 'citizen_with_opposition'));
  } else if (!citizen) {
    found.push(refused(at('codice_fiscale_cittadino'), 'citizen_required'));
  } else if (citizen.length !== 16 || !isValidCodiceFiscale(citizen)) {
    found.push(refused(at('codice_fiscale_cittadino'), 'fiscal_code_invalid'));
  }
  const amount = String(body.amount).trim();
  if (!isExpenseAmount(amount)) {
    found.push(
      refused(
        at('amount'),
        /^\d{8,}(?:\.\d*)?$/.test(amount) ? 'amount_too_large' : 'amount_invalid',
      ),
    );
  }
  for (const field of ['document_date', 'payment_date'] as const) {
    const value = body[field];
    if (value == null || value === '') {
      if (field === 'document_date') found.push(refused(at(field), 'date_invalid'));
      continue;
    }
    if (!isIsoDate(value)) found.push(refused(at(field), 'date_invalid'));
    else if (value > today) found.push(refused(at(field), 'date_in_future'));
  }
  return found;
}
