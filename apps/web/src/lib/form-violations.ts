import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, type Violation } from './hydra';

/**
 * Puts a 422's violations onto the form fields they name (STYLE #5) and returns the ones no field
 * owns, for the form's alert. `fields` lists the form's field names (snake_case, as the API's
 * propertyPath).
 */
export function applyViolations<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): Violation[] {
  if (!isApiError(error)) return [];
  const unmatched: Violation[] = [];
  for (const violation of error.violations) {
    const field = fields.find((name) => name === violation.propertyPath);
    if (field) setError(field, { type: 'server', message: violation.message });
    else unmatched.push(violation);
  }
  return unmatched;
}
