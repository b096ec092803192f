import { validationMessages } from '@fiscus/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/hydra';
import { applyServerErrors, validationMessageKey } from './form-errors';

const problem = (status: number, detail: string) => ({
  type: 'about:blank',
  title: 'Error',
  status,
  detail,
});

describe('applyServerErrors', () => {
  it('puts violations on their fields and keeps the rest and the detail for the alert', () => {
    const setError = vi.fn();
    const error = new ApiError(422, problem(422, 'email: This email is already used.'), [
      { propertyPath: 'email', message: validationMessages.emailAlreadyUsed, code: 'already_used' },
      { propertyPath: 'roles', message: 'Unknown role.' },
    ]);
    const result = applyServerErrors(error, setError, ['email', 'password']);
    expect(setError).toHaveBeenCalledOnce();
    expect(setError).toHaveBeenCalledWith('email', {
      type: 'server',
      message: 'This email is already used.',
    });
    expect(result).toEqual({
      isValidation: true,
      detail: 'email: This email is already used.',
      violations: error.violations,
      otherViolations: [{ propertyPath: 'roles', message: 'Unknown role.' }],
      // The field each violation went onto: the alert labels it by that field.
      violationFields: ['email', undefined],
    });
  });

  it('hides the body of a server failure behind the generic message', () => {
    const result = applyServerErrors(new ApiError(500, problem(500, 'stack...')), vi.fn(), []);
    expect(result).toEqual({
      isValidation: false,
      detail: '',
      violations: [],
      otherViolations: [],
      violationFields: [],
    });
  });

  it('keeps the detail of another client error (e.g. 404)', () => {
    const result = applyServerErrors(new ApiError(404, problem(404, 'Not found')), vi.fn(), []);
    expect(result.detail).toBe('Not found');
    expect(result.isValidation).toBe(false);
  });

  it('treats a non-API failure as generic', () => {
    expect(applyServerErrors(new TypeError('boom'), vi.fn(), [])).toEqual({
      isValidation: false,
      detail: '',
      violations: [],
      otherViolations: [],
    });
  });

  it('gives a path mapper the whole violation (a message may name the field)', () => {
    const setError = vi.fn();
    const violation = { propertyPath: '', message: 'The "city" attribute must be "string".' };
    const error = new ApiError(422, problem(422, ''), [violation]);
    const fieldOf = vi.fn((_path: string, found: { message: string }) =>
      found.message.includes('"city"') ? 'address.city' : undefined,
    );
    const result = applyServerErrors(error, setError, fieldOf);
    expect(fieldOf).toHaveBeenCalledWith('', violation);
    expect(setError).toHaveBeenCalledWith('address.city', {
      type: 'server',
      message: violation.message,
    });
    expect(result.otherViolations).toEqual([]);
  });

  it('finds fields through a function and keeps the echoed value', () => {
    const setError = vi.fn();
    const violation = { propertyPath: 'rows[0]', message: 'Bad.', propertyContent: 'x' };
    const result = applyServerErrors(
      new ApiError(422, problem(422, ''), [violation]),
      setError,
      (path) => (path === 'rows[0]' ? 'rows.0' : undefined),
    );
    expect(setError).toHaveBeenCalledWith('rows.0', { type: 'server', message: 'Bad.' });
    expect(result.violations).toEqual([violation]);
  });
});

describe('validationMessageKey', () => {
  it('finds the translation key of a contract message', () => {
    expect(validationMessageKey(validationMessages.passwordTooShort)).toBe('passwordTooShort');
    expect(validationMessageKey('This value should be of type int.')).toBe('notInteger');
  });

  it('has none for an unknown message', () => {
    expect(validationMessageKey('Something else.')).toBeUndefined();
  });
});
