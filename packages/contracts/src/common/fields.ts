import { z } from 'zod';

/** Field rules shared by several common-service forms, with the spec's validationMessages. */

export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_MAX_LENGTH = 255;
/** PostgreSQL `integer` (int4) upper bound: every integer a contract accepts stays within it. */
export const INT4_MAX = 2_147_483_647;

export const validationMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Must be a valid email',
  passwordRequired: 'Password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: `This value is too short. It should have ${PASSWORD_MIN_LENGTH} characters or more.`,
  tooLong255: 'This value is too long. It should have 255 characters or less.',
  notBlank: 'This value should not be blank.',
  notAnEmail: 'This value is not a valid email address.',
  fullnameTooShort: 'This value is too short. It should have 3 characters or more.',
  emailAlreadyUsed: 'This email is already used.',
  notPositive: 'This value should be positive.',
  invalidChoice: 'The value you selected is not a valid choice.',
  preSaleNotFound: 'This pre-sale does not exist.',
  tooHighInt4: `This value should be less than or equal to ${INT4_MAX}.`,
} as const;

/** Required email, as the login and reset forms validate it. */
export const emailField = z
  .string({ error: validationMessages.emailRequired })
  .trim()
  .min(1, { error: validationMessages.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: validationMessages.tooLong255, abort: true })
  .pipe(z.email({ error: validationMessages.emailInvalid }));

/** A new password: required, at least 8 characters, at most 255. */
export const newPasswordField = z
  .string({ error: validationMessages.passwordRequired })
  .min(1, { error: validationMessages.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: validationMessages.passwordTooShort, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: validationMessages.tooLong255 });

/** Timestamps travel as ISO 8601 strings in UTC (`2026-01-31T10:00:00.000Z`). */
export const timestampField = z.string();
