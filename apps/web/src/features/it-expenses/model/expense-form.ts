/**
 * The new expense form (account spec 2.9, 7 `POST /sistema-ts/expenses`): the values as the form
 * holds them (text as typed, dates as `YYYY-MM-DD`), their rules with the messages the API writes,
 * and the request they make: fiscal codes upper-cased, a comma read as a point, no citizen's code
 * when the citizen opposed, an empty payment date sent as null (the API takes the document's).
 * The citizen's code is checked as it is typed (a person's 16 characters, the check character
 * right, as the API checks it); the owner is chosen among the registries; the dates are the API's
 * to judge: its violations land on the fields.
 */
import {
  EXPENSE_VIOLATION_MESSAGES,
  expenseDocumentTypes,
  expenseTypes,
  type ExpenseDocumentType,
  type ExpenseType,
} from '@fiscus/contracts/expense-codes';
import { validationMessages } from '@fiscus/contracts/validation-messages';
import { isValidCodiceFiscale } from '@fiscus/fatturapa/fields';
import type { ExpenseRequest } from '@fiscus/contracts';
import { z } from 'zod';
import { toMinorUnits } from '../../../lib/decimal-amount';

/** The largest amount in cents (Sistema TS's importo: 9,999,999.99). */
const AMOUNT_MAX_CENTS = 999_999_999n;
const DECIMAL_2 = /^\d{1,12}(\.\d{1,2})?$/;

/** The key under `validation.` of a message of the expenses' own, else undefined. */
export function expenseMessageKey(message: string): string | undefined {
  for (const [key, text] of Object.entries(EXPENSE_VIOLATION_MESSAGES))
    if (text === message) return key;
  return undefined;
}

/** Spaces dropped, a comma read as a point: "1 234,5" is "1234.5". */
export function normalDecimal(text: string): string {
  return text.trim().replace(/\s/g, '').replace(',', '.');
}

const upper = (text: string) => text.trim().toUpperCase();
const notBlank = validationMessages.notBlank;

const isExpenseType = (value: string): value is ExpenseType =>
  (expenseTypes as readonly string[]).includes(value);
const isDocumentType = (value: string): value is ExpenseDocumentType =>
  (expenseDocumentTypes as readonly string[]).includes(value);

const amountRule = z.string().superRefine((value, context) => {
  const text = normalDecimal(value);
  if (text === '') {
    context.addIssue({ code: 'custom', message: notBlank });
    return;
  }
  const cents = DECIMAL_2.test(text) ? toMinorUnits(text) : null;
  if (cents === null || cents <= 0n) {
    context.addIssue({ code: 'custom', message: EXPENSE_VIOLATION_MESSAGES.amount_invalid });
  } else if (cents > AMOUNT_MAX_CENTS) {
    context.addIssue({ code: 'custom', message: EXPENSE_VIOLATION_MESSAGES.amount_too_large });
  }
});

export const expenseFormSchema = z
  .object({
    codice_fiscale_proprietario: z.string().trim().min(1, notBlank),
    codice_fiscale_cittadino: z.string(),
    flag_opposizione: z.boolean(),
    amount: amountRule,
    expense_type: z.string().refine(isExpenseType, notBlank),
    payment_tracked: z.boolean(),
    document_type: z.string().refine(isDocumentType, notBlank),
    document_number: z.string().trim().min(1, notBlank),
    document_date: z.string().min(1, notBlank),
    payment_date: z.string(),
  })
  .superRefine((values, context) => {
    if (values.flag_opposizione) return;
    const citizen = upper(values.codice_fiscale_cittadino);
    if (citizen === '') {
      context.addIssue({
        code: 'custom',
        path: ['codice_fiscale_cittadino'],
        message: EXPENSE_VIOLATION_MESSAGES.citizen_required,
      });
    } else if (citizen.length !== 16 || !isValidCodiceFiscale(citizen)) {
      context.addIssue({
        code: 'custom',
        path: ['codice_fiscale_cittadino'],
        message: EXPENSE_VIOLATION_MESSAGES.fiscal_code_invalid,
      });
    }
  });
export type ExpenseFormValues = z.input<typeof expenseFormSchema>;

/** A new expense: an invoice paid by a traceable means, dated and paid `today` (YYYY-MM-DD). */
export function newExpenseValues(today: string, owner = ''): ExpenseFormValues {
  return {
    codice_fiscale_proprietario: owner,
    codice_fiscale_cittadino: '',
    flag_opposizione: false,
    amount: '',
    expense_type: '',
    payment_tracked: true,
    document_type: 'F',
    document_number: '',
    document_date: today,
    payment_date: today,
  };
}

export function toExpenseRequest(values: ExpenseFormValues): ExpenseRequest {
  const opposed = values.flag_opposizione;
  return {
    codice_fiscale_proprietario: upper(values.codice_fiscale_proprietario),
    codice_fiscale_cittadino: opposed ? null : upper(values.codice_fiscale_cittadino),
    flag_opposizione: opposed,
    amount: normalDecimal(values.amount),
    // The schema let only known codes through.
    expense_type: values.expense_type as ExpenseType,
    payment_tracked: values.payment_tracked,
    document_type: isDocumentType(values.document_type) ? values.document_type : 'F',
    document_number: values.document_number.trim(),
    document_date: values.document_date,
    payment_date: values.payment_date === '' ? null : values.payment_date,
  };
}
