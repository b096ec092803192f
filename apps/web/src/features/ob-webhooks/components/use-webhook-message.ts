import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../components/form';
import { webhookMessages } from '../model/webhook-form';

const ownKeys = new Map<string, string>(
  Object.entries(webhookMessages).map(([key, message]) => [message, key]),
);

/** This form's messages first (the API's URL refusals included), then the common catalogue. */
export function useWebhookMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('obWebhooks');
  const translateCommon = useValidationMessage();
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined) return undefined;
      const key = ownKeys.get(message);
      return key ? t(`validation.${key}`) : translateCommon(message);
    },
    [t, translateCommon],
  );
}
