import { z } from 'zod';
import {
  emailField,
  validationMessages,
  newPasswordField,
  EMAIL_MAX_LENGTH,
  INT4_MAX,
} from './fields.ts';

/** `POST /api/common/login` */
export const loginRequestSchema = z.object({
  email: emailField,
  password: z
    .string({ error: validationMessages.passwordRequired })
    .min(1, { error: validationMessages.passwordRequired, abort: true })
    .max(EMAIL_MAX_LENGTH, { error: validationMessages.tooLong255 }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Roles map of the token: platform key (see runtime config `platformKeys`) → role list. */
export const rolesMapSchema = z.record(z.string(), z.array(z.string()));
export type RolesMap = z.infer<typeof rolesMapSchema>;

/**
 * Decoded JWT payload (HS256). `pid` is the manager's uid for a sub-account, else its own uid.
 * `ver` is the account's token version when signed: a password change or reset, a disabled
 * account or a removed role moves it on, which ends every token signed before.
 */
export const tokenPayloadSchema = z.object({
  username: z.string(),
  uid: z.string(),
  roles: rolesMapSchema,
  pid: z.string(),
  ver: z.number().int().min(0).max(INT4_MAX).optional(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;

/** `POST /api/common/ask-reset-password` → 204 whether the email exists or not. */
export const askResetPasswordRequestSchema = z.object({ email: emailField });
export type AskResetPasswordRequest = z.infer<typeof askResetPasswordRequestSchema>;

/** `POST /api/common/reset-password` → 204; 400 problem when the token is unknown, used or expired. */
export const resetPasswordRequestSchema = z
  .object({
    token: z
      .string({ error: validationMessages.notBlank })
      .min(1, { error: validationMessages.notBlank }),
    password: newPasswordField,
    password_confirm: z.string({ error: validationMessages.passwordsDoNotMatch }),
  })
  .refine((body) => body.password === body.password_confirm, {
    error: validationMessages.passwordsDoNotMatch,
    path: ['password_confirm'],
    params: { code: 'not_equal' },
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** Request header carrying the impersonated user's email (admins only). */
export const SWITCH_USER_HEADER = 'x-switch-user';
