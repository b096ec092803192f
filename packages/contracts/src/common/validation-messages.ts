/**
 * The spec's validation messages and the limits they name, apart from the schemas: the console
 * translates them on every form, the login page's included, and importing them
 * (`@fiscus/contracts/validation-messages`) must not bring zod into its first load.
 */
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
