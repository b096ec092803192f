/**
 * The one mapper of a failed submit: the server's violations go onto the fields that show them,
 * the rest (and the problem's detail) into the form's alert. Also the one translator of
 * validation messages for forms (the catalogue of `lib/validation-messages`).
 */
import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError, violationMessage } from '../../lib/hydra';
import { i18n } from '../../lib/i18n';
import type { Violation } from '../../lib/hydra';
import { translateValidationMessage, translateViolation } from '../../lib/validation-messages';

export { validationMessageKey } from '../../lib/validation-messages';

/** Turns a validation message (client rule or server text) into the user's language. */
export type MessageTranslator = (message: string | undefined) => string | undefined;

/** Translates a validation message (client or server) into the active language. */
export function useValidationMessage(): MessageTranslator {
  const { t } = useTranslation('common');
  return useCallback(
    (message: string | undefined) =>
      message === undefined ? undefined : translateValidationMessage(t, message),
    [t],
  );
}

/** What a failed submit shows above the form. */
export interface ServerFormError {
  /** True for a 422: the alert is titled "Validation Error" (spec 8). */
  isValidation: boolean;
  /** The problem's detail text; empty when the server gave none or for a 5xx. */
  detail: string;
  /** Every violation the server listed (with `propertyContent` when it echoed the value). */
  violations: Violation[];
  /** Violations that matched no field of the form. */
  otherViolations: Violation[];
  /** The form field each of `violations` went onto (undefined: none); the alert labels by it. */
  violationFields?: readonly (string | undefined)[];
}

/**
 * A server violation's message in the user's language where its stable parts allow (its own
 * sentence in that language, its known code), else as the server wrote it.
 */
export function serverViolationMessage(violation: Violation): string {
  return translateViolation(i18n, violation) ?? violationMessage(violation, i18n.language);
}

/**
 * The form field a violation's `propertyPath` names, or undefined when none shows it. The whole
 * violation is there for a path mapper that also reads the message (a violation without a path).
 */
export type ViolationField<T extends FieldValues> = (
  propertyPath: string,
  violation: Violation,
) => Path<T> | undefined;

/**
 * Puts the server's violations on their form fields (by default `propertyPath` is the field
 * name; `fields` may be the list of names or a path mapper that finds the field, e.g. from the
 * server's nested paths to the form's names) and returns what the alert above the form shows.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[] | ViolationField<T>,
): ServerFormError {
  if (!isApiError(error)) {
    return { isValidation: false, detail: '', violations: [], otherViolations: [] };
  }
  const fieldOf: ViolationField<T> =
    typeof fields === 'function'
      ? fields
      : (propertyPath) => fields.find((name) => name === propertyPath);
  const otherViolations: Violation[] = [];
  const violationFields = error.violations.map((violation) => {
    const field = fieldOf(violation.propertyPath, violation);
    if (field) setError(field, { type: 'server', message: serverViolationMessage(violation) });
    else otherViolations.push(violation);
    return field;
  });
  const is4xx = error.status >= 400 && error.status < 500;
  return {
    isValidation: error.status === 422,
    // 5xx and network failures get the generic message instead of whatever the body said.
    detail: is4xx ? error.problem.detail : '',
    violations: error.violations,
    otherViolations,
    violationFields,
  };
}
