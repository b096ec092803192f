import { EXPENSE_VIOLATION_MESSAGES } from '@fiscus/contracts/expense-codes';
import { validationMessages } from '@fiscus/contracts/validation-messages';
import { describe, expect, it } from 'vitest';
import {
  expenseFormSchema,
  expenseMessageKey,
  newExpenseValues,
  toExpenseRequest,
  type ExpenseFormValues,
} from './expense-form';

const filled: ExpenseFormValues = {
  ...newExpenseValues('2026-11-23', 'rssmra80a01h501u '),
  codice_fiscale_cittadino: ' bnclcu85m10f205r',
  amount: '1234,5',
  expense_type: 'SR',
  document_number: ' FT-17 ',
};

function messagesOf(values: ExpenseFormValues): Record<string, string> {
  const result = expenseFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the new expense form', () => {
  it('starts as an invoice paid by a traceable means, dated and paid today', () => {
    expect(newExpenseValues('2026-11-23')).toEqual({
      codice_fiscale_proprietario: '',
      codice_fiscale_cittadino: '',
      flag_opposizione: false,
      amount: '',
      expense_type: '',
      payment_tracked: true,
      document_type: 'F',
      document_number: '',
      document_date: '2026-11-23',
      payment_date: '2026-11-23',
    });
  });

  it('sends the fiscal codes upper-cased and the amount with a point', () => {
    expect(messagesOf(filled)).toEqual({});
    expect(toExpenseRequest(filled)).toEqual({
      codice_fiscale_proprietario: 'RSSMRA80A01H501U',
      codice_fiscale_cittadino: 'BNCLCU85M10F205R',
      flag_opposizione: false,
      amount: '1234.5',
      expense_type: 'SR',
      payment_tracked: true,
      document_type: 'F',
      document_number: 'FT-17',
      document_date: '2026-11-23',
      payment_date: '2026-11-23',
    });
  });

  it("sends no citizen's code when the citizen opposed, and no payment date when none is given", () => {
    const opposed = { ...filled, flag_opposizione: true, payment_date: '' };
    expect(messagesOf({ ...opposed, codice_fiscale_cittadino: '' })).toEqual({});
    expect(toExpenseRequest(opposed)).toMatchObject({
      codice_fiscale_cittadino: null,
      flag_opposizione: true,
      payment_date: null,
    });
  });

  it('asks for what is missing, in the messages the API writes', () => {
    expect(messagesOf(newExpenseValues('2026-11-23'))).toEqual({
      codice_fiscale_proprietario: validationMessages.notBlank,
      codice_fiscale_cittadino: EXPENSE_VIOLATION_MESSAGES.citizen_required,
      amount: validationMessages.notBlank,
      expense_type: validationMessages.notBlank,
      document_number: validationMessages.notBlank,
    });
    for (const amount of ['0', '0.00', '-3', '1.234', 'abc'])
      expect(messagesOf({ ...filled, amount }).amount, amount).toBe(
        EXPENSE_VIOLATION_MESSAGES.amount_invalid,
      );
    expect(messagesOf({ ...filled, amount: '9999999.99' })).toEqual({});
    expect(messagesOf({ ...filled, amount: '10000000' }).amount).toBe(
      EXPENSE_VIOLATION_MESSAGES.amount_too_large,
    );
    expect(expenseMessageKey(EXPENSE_VIOLATION_MESSAGES.date_in_future)).toBe('date_in_future');
    expect(expenseMessageKey('Something else')).toBeUndefined();
  });
  it('checks the citizen’s code as it is typed: a person’s 16 characters with the right check letter', () => {
    expect(messagesOf({ ...filled, codice_fiscale_cittadino: 'bnclcu85m10f205x' })).toEqual({
      codice_fiscale_cittadino: EXPENSE_VIOLATION_MESSAGES.fiscal_code_invalid,
    });
    // A company's 11-digit code is no citizen's.
    expect(messagesOf({ ...filled, codice_fiscale_cittadino: '06363391001' })).toEqual({
      codice_fiscale_cittadino: EXPENSE_VIOLATION_MESSAGES.fiscal_code_invalid,
    });
    // The citizen opposed: no code, nothing to check.
    expect(
      messagesOf({ ...filled, codice_fiscale_cittadino: 'x', flag_opposizione: true }),
    ).toEqual({});
  });
});
