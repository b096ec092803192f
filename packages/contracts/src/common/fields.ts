import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  validationMessages,
} from './validation-messages.ts';

/** Field rules shared by several common-service forms, with the spec's validationMessages. */

export {
  EMAIL_MAX_LENGTH,
  INT4_MAX,
  PASSWORD_MIN_LENGTH,
  validationMessages,
} from './validation-messages.ts';

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
