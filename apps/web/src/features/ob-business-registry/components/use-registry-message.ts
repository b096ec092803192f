import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../components/form';
import { receiveMessages } from '../model/receive-payment-form';
import { registryMessages } from '../model/registry-form';

const ownKeys = new Map<string, string>(
  [...Object.entries(registryMessages), ...Object.entries(receiveMessages)].map(
    ([key, message]) => [message, key],
  ),
);

/** This feature's messages first (its forms' and the API's), then the common catalogue. */
export function useRegistryMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('obBusinessRegistry');
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
