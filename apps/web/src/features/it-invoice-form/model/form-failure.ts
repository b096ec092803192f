import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { applyServerErrors } from '../../../components/form/form-errors';
import { ApiError, isApiError, violationMessage } from '../../../lib/hydra';
import { i18n } from '../../../lib/i18n';
import type { Violation } from '../../../lib/hydra';
import type { ValidationResult } from './invoice-form-types';
import { fieldOfNullTypeMessage, toFormFieldPath } from './violation-paths';

/** What a failed validate or submit shows besides the field errors: the alert and the toast. */
export interface FormFailure {
  /** True when the server listed violations: the alert is titled 'Validation Error'. */
  isValidation: boolean;
  /**
   * The alert's lines, `path: message`; the path 'generic' for a message about no field. A line
   * of a server violation keeps it, so the alert words it (where in the invoice's labels, what in
   * the user's language) when it is drawn.
   */
  lines: { path: string; message: string; violation?: Violation }[];
  /** invalid: 'invoice not valid'; detail: the server's text; server: the 5xx text; generic. */
  toast: 'invalid' | 'detail' | 'server' | 'generic';
  detail: string;
}

/** A rejected validation answered with a result instead of an exception. */
export class InvalidInvoiceResult extends Error {
  override name = 'InvalidInvoiceResult';
  constructor(readonly result: ValidationResult) {
    super('invoice not valid');
  }
}

/** The shown field a violation without a path is about, found by its last segment. */
function fieldByAttribute(message: string, shownFields: readonly string[]): string | undefined {
  const attribute = fieldOfNullTypeMessage(message);
  if (!attribute) return undefined;
  return shownFields.find((name) => name === attribute || name.endsWith(`.${attribute}`));
}

/**
 * The kit's path mapper for the invoice form: the server's nested FatturaPA path becomes the
 * form's field name; a violation without a path is placed by the attribute its message names.
 * Only fields on screen take an error.
 */
function invoiceFieldOf<T extends FieldValues>(shownFields: readonly string[]) {
  const shown = new Set(shownFields);
  return (propertyPath: string, violation: Violation): Path<T> | undefined => {
    const name = propertyPath
      ? toFormFieldPath(propertyPath)
      : fieldByAttribute(violation.message, shownFields);
    return name !== undefined && shown.has(name) ? (name as Path<T>) : undefined;
  };
}

/** A rejected validation reads as the 422 it stands for, so the kit's mapper takes it. */
function asApiError(error: unknown): unknown {
  if (!(error instanceof InvalidInvoiceResult)) return error;
  const problem = { type: '', title: '', status: 422, detail: '' };
  return new ApiError(422, problem, error.result.violations ?? []);
}

const noFieldErrors = () => undefined;

/**
 * Reads what `onValidate`/`onSubmit` threw (spec 8 "Validation failure", "Error with a detail
 * text"): violations go onto the fields on screen (through the kit's `applyServerErrors` and
 * `setError`) and all of them into the alert; a 400 detail may still name a field; a 5xx gets the
 * fixed message; anything else the generic one.
 */
export function describeFailure<T extends FieldValues>(
  thrown: unknown,
  shownFields: readonly string[],
  setError: UseFormSetError<T> = noFieldErrors,
): FormFailure {
  const error = asApiError(thrown);
  if (!isApiError(error)) {
    return { isValidation: false, lines: [], toast: 'generic', detail: '' };
  }
  if (error.violations.length > 0) {
    applyServerErrors<T>(error, setError, invoiceFieldOf<T>(shownFields));
    return {
      isValidation: true,
      lines: error.violations.map((violation) => ({
        path: violation.propertyPath || 'generic',
        message: violationMessage(violation, i18n.language),
        violation,
      })),
      toast: 'invalid',
      detail: '',
    };
  }
  const detail = error.problem.detail;
  if (error.status >= 500) {
    return { isValidation: false, lines: [], toast: 'server', detail: '' };
  }
  if (detail) {
    const name = error.status === 400 ? fieldByAttribute(detail, shownFields) : undefined;
    if (name) setError(name as Path<T>, { type: 'server', message: detail });
    return {
      isValidation: false,
      lines: [{ path: 'generic', message: detail }],
      toast: 'detail',
      detail,
    };
  }
  return { isValidation: false, lines: [], toast: 'generic', detail: '' };
}
