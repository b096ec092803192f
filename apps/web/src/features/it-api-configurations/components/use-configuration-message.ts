import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../components/form';
import { configurationMessages } from './api-configuration-form-schema';

const ownKeys = new Map<string, string>(
  Object.entries(configurationMessages).map(([key, message]) => [message, key]),
);

/**
 * Translates a validation message of this form, whether the schema or the server wrote it: the
 * messages this feature knows first, then the list kit's catalogue, else the text as sent.
 */
export function useConfigurationMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('apiConfigurations');
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
