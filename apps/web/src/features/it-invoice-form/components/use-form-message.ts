import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { parseFormMessage } from '../model/validation-message';

/** Translates a client rule (`validation.*` key) or shows a server message as written. */
export function useFormMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('invoiceForm');
  return useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const parsed = parseFormMessage(message);
      if (!parsed) return message;
      return parsed.count === undefined ? t(parsed.key) : t(parsed.key, { count: parsed.count });
    },
    [t],
  );
}
