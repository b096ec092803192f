import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../components/form';
import { importMessageKey } from '../model/import-messages';

/** Translates an import validation message (client or server); unknown text shows as sent. */
export function useImportMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('invoiceImports');
  const translateCommon = useValidationMessage();
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined) return undefined;
      const key = importMessageKey(message);
      return key ? t(`validation.${key}`) : translateCommon(message);
    },
    [t, translateCommon],
  );
}
