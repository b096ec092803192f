import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../components/form';
import { legalEntityMessages } from '../model/legal-entity-form';

/** Each message of this form (client rule, or the API's violation by its code) to its key. */
const ownKeys = new Map<string, string>(
  Object.entries(legalEntityMessages).map(([key, message]) => [message, key]),
);

/**
 * Translates a validation message of the legal entity form: the API's Peppol violations (worded
 * by their code, `PEPPOL_LEGAL_ENTITY_MESSAGES`) and this form's rules first, then the common
 * catalogue, else the text as sent.
 */
export function useLegalEntityMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('peppolLegalEntities');
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
