import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationMessage, type DialogLoad } from '../../../components/form';
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

/** The load state of a receipt form waiting for what it needs (the registries, the sale's lines). */
export function dialogLoad(
  query: { isPending: boolean; isError: boolean },
  t: TFunction,
): DialogLoad {
  return {
    isPending: query.isPending,
    isError: query.isError,
    pendingLabel: t('form.loading'),
    errorText: t('form.loadError'),
    cancelLabel: t('actions.cancel'),
  };
}
