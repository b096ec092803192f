/** Translates the validation messages of the registry forms: this feature's own first, then the common catalogue. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../components/form';
import { registryFormMessages } from '../model/registry-form';

const ownKeys = new Map<string, string>(
  Object.entries(registryFormMessages).map(([key, message]) => [message, key]),
);

export function useRegistryMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('businessRegistry');
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
