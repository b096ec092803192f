/**
 * The new expense form's messages in the user's language: the expenses' own (the API's refusals,
 * `EXPENSE_VIOLATION_MESSAGES`, by their English text), else the common catalogue's.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../components/form';
import { expenseMessageKey } from '../model/expense-form';

export function useExpenseMessage() {
  const { t } = useTranslation('expenses');
  const translateCommon = useValidationMessage();
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined) return undefined;
      const key = expenseMessageKey(message);
      return key ? t(`validation.${key}`) : translateCommon(message);
    },
    [t, translateCommon],
  );
}
