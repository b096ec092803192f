import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationMessage, type MessageTranslator } from '../../../components/form';
import { legalEntityMessages } from '../model/legal-entity-form';

/** Each message of this feature (client rule, or the API's refusal by its code) to its key. */
const ownKeys = new Map<string, string>(
  Object.entries(legalEntityMessages).map(([key, message]) => [message, key]),
);

/**
 * Translates a validation message of the legal entity forms: this form's rules and the API's
 * Polish refusals (`PL_LEGAL_ENTITY_MESSAGES`) first, then the common catalogue, else the text
 * as sent.
 */
export function useLegalEntityMessage(): MessageTranslator {
  const { t } = useTranslation('plLegalEntities');
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
