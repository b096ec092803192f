import { isApiError } from '../../../lib/hydra';
import type { InvoiceViolation, ValidationResult } from './invoice-form-types';
import { fieldOfNullTypeMessage, toFormFieldPath } from './violation-paths';

/** What a failed validate or submit shows: errors on fields, the alert, the toast. */
export interface FormFailure {
  fieldErrors: { name: string; message: string }[];
  /** True when the server listed violations: the alert is titled 'Validation Error'. */
  isValidation: boolean;
  /** The alert's lines, `path: message`; the path 'generic' for a message about no field. */
  lines: { path: string; message: string }[];
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

function fromViolations(
  violations: InvoiceViolation[],
  shownFields: readonly string[],
): FormFailure {
  const shown = new Set(shownFields);
  const fieldErrors: FormFailure['fieldErrors'] = [];
  for (const violation of violations) {
    const name = violation.propertyPath
      ? toFormFieldPath(violation.propertyPath)
      : fieldByAttribute(violation.message, shownFields);
    if (name !== undefined && shown.has(name))
      fieldErrors.push({ name, message: violation.message });
  }
  return {
    fieldErrors,
    isValidation: true,
    lines: violations.map((violation) => ({
      path: violation.propertyPath || 'generic',
      message: violation.message,
    })),
    toast: 'invalid',
    detail: '',
  };
}

/**
 * Reads what `onValidate`/`onSubmit` threw (spec 8 "Validation failure", "Error with a detail
 * text"): violations go onto the fields on screen and all of them into the alert; a 400 detail
 * may still name a field; a 5xx gets the fixed message; anything else the generic one.
 */
export function describeFailure(error: unknown, shownFields: readonly string[]): FormFailure {
  if (error instanceof InvalidInvoiceResult) {
    return fromViolations(error.result.violations ?? [], shownFields);
  }
  if (!isApiError(error)) {
    return { fieldErrors: [], isValidation: false, lines: [], toast: 'generic', detail: '' };
  }
  if (error.violations.length > 0) return fromViolations(error.violations, shownFields);
  const detail = error.problem.detail;
  if (error.status >= 500) {
    return { fieldErrors: [], isValidation: false, lines: [], toast: 'server', detail: '' };
  }
  if (detail) {
    const name = error.status === 400 ? fieldByAttribute(detail, shownFields) : undefined;
    return {
      fieldErrors: name ? [{ name, message: detail }] : [],
      isValidation: false,
      lines: [{ path: 'generic', message: detail }],
      toast: 'detail',
      detail,
    };
  }
  return { fieldErrors: [], isValidation: false, lines: [], toast: 'generic', detail: '' };
}
