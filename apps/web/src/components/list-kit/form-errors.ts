import { validationMessages } from '@fiscus/contracts';
import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/hydra';
import type { Violation } from '../../lib/hydra';

/**
 * The contracts' zod schemas and the API speak English (API Platform style messages). Both the
 * client-side checks and the server's violations carry those exact strings, so one reverse
 * lookup turns either into the user's language; an unknown message shows as sent.
 */
const typeMessages = {
  notInteger: 'This value should be of type int.',
  notBoolean: 'This value should be of type bool.',
  notString: 'This value should be of type string.',
} as const;

const messageKeys = new Map<string, string>(
  Object.entries({ ...validationMessages, ...typeMessages }).map(([key, message]) => [
    message,
    key,
  ]),
);

export function validationMessageKey(message: string): string | undefined {
  return messageKeys.get(message);
}

/** Translates a validation message (client or server) into the active language. */
export function useValidationMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('listKit');
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined) return undefined;
      const key = validationMessageKey(message);
      return key ? t(`validation.${key}`, { defaultValue: message }) : message;
    },
    [t],
  );
}

/** What a failed submit shows above the form. */
export interface ServerFormError {
  /** True for a 422: the alert is titled "Validation Error" (spec 8). */
  isValidation: boolean;
  /** The problem's detail text; empty when the server gave none. */
  detail: string;
  /** Violations that matched no field of the form. */
  otherViolations: Violation[];
}

/**
 * Puts the server's violations on their form fields (`propertyPath` is the field name) and
 * returns what is left for the alert above the form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): ServerFormError {
  if (!isApiError(error)) return { isValidation: false, detail: '', otherViolations: [] };
  const otherViolations: Violation[] = [];
  for (const violation of error.violations) {
    const field = fields.find((name) => name === violation.propertyPath);
    if (field) {
      setError(field, { type: 'server', message: violation.message });
    } else {
      otherViolations.push(violation);
    }
  }
  const is4xx = error.status >= 400 && error.status < 500;
  return {
    isValidation: error.status === 422,
    // 5xx and network failures get the generic message instead of whatever the body said.
    detail: is4xx ? error.problem.detail : '',
    otherViolations,
  };
}
