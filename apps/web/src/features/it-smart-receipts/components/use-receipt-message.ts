import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../components/form';
import { receiptMessageKey } from '../model/receipt-form';

/** The receipt forms' messages (theirs and the server's) in the user's language. */
export function useReceiptMessage() {
  const { t } = useTranslation('smartReceipts');
  const translateCommon = useValidationMessage();
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined) return undefined;
      const key = receiptMessageKey(message);
      return key ? t(`validation.${key}`) : translateCommon(message);
    },
    [t, translateCommon],
  );
}
