import { z } from 'zod';
import {
  validationMessages,
  newPasswordField,
  timestampField,
  EMAIL_MAX_LENGTH,
  INT4_MAX,
} from './fields.ts';
import { rolesMapSchema } from './auth.ts';

/** `GET /api/common/users/me` (the impersonated user when `X-Switch-User` is honoured). */
export const meResponseSchema = z.object({
  uid: z.string(),
  email: z.string(),
  fullname: z.string().nullable(),
  roles: rolesMapSchema,
  is_sub_account: z.boolean(),
  parent_email: z.string().nullable(),
  /**
   * A sub-account's Italian business registry configurations linked to it: what it acts for (0:
   * nothing yet). Null for the business owner and its managers, who act for every registry.
   */
  linked_registries: z.number().int().nullable(),
  enabled: z.boolean(),
  created_at: timestampField,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** `GET /api/common/users/me/settings` */
export const userSettingsSchema = z.object({
  accept_only_verified_supplier_invoices: z.boolean(),
  apply_signature: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** `PUT /api/common/users/me/accept-only-verified-invoices` → settings */
export const acceptOnlyVerifiedRequestSchema = z.object({
  accept_only_verified_supplier_invoices: z.boolean({
    error: 'This value should be of type bool.',
  }),
});
export type AcceptOnlyVerifiedRequest = z.infer<typeof acceptOnlyVerifiedRequestSchema>;

/** `GET|PUT /api/common/users/me/profile` */
export const profileSchema = z.object({
  email: z.string(),
  fullname: z.string().nullable(),
  invoicing_vat_number: z.string().nullable(),
  invoicing_fiscal_id: z.string().nullable(),
  invoicing_name: z.string().nullable(),
  invoicing_address: z.string().nullable(),
  invoicing_city: z.string().nullable(),
  invoicing_province: z.string().nullable(),
  invoicing_cap: z.string().nullable(),
  invoicing_country: z.string().nullable(),
  statistics_scope: z.string().nullable(),
  credit_alert_email: z.string().nullable(),
  pre_sale_alert_threshold: z.number().int().min(0).max(INT4_MAX).nullable(),
  sdi_recipient: z.object({ recipient_code: z.string() }).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

const freeText = z
  .string({ error: 'This value should be of type string.' })
  .max(EMAIL_MAX_LENGTH, { error: validationMessages.tooLong255 })
  .nullable()
  .optional();

/**
 * `PUT /api/common/users/me/profile` body. `email`, `invoicing_vat_number` and
 * `invoicing_fiscal_id` are read-only: accepted and ignored, so the console may send the whole
 * profile back. A field left out keeps its value; an empty string clears it.
 */
export const profileUpdateRequestSchema = z.object({
  email: z.string().nullable().optional(),
  invoicing_vat_number: z.string().nullable().optional(),
  invoicing_fiscal_id: z.string().nullable().optional(),
  fullname: freeText,
  invoicing_name: freeText,
  invoicing_address: freeText,
  invoicing_city: freeText,
  invoicing_province: freeText,
  invoicing_cap: freeText,
  invoicing_country: freeText,
  statistics_scope: freeText,
  credit_alert_email: z
    .union([z.literal(''), z.email({ error: validationMessages.notAnEmail })])
    .nullable()
    .optional(),
  pre_sale_alert_threshold: z
    .number({ error: 'This value should be of type int.' })
    .int({ error: 'This value should be of type int.' })
    .min(0, { error: 'This value should be either positive or zero.' })
    // The column is a PostgreSQL integer: a larger number would overflow it (500) if let through.
    .max(INT4_MAX, { error: validationMessages.tooHighInt4 })
    .nullable()
    .optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

/** `PUT /api/common/users/me/password` body */
export const passwordChangeRequestSchema = z
  .object({
    password: newPasswordField,
    password_confirm: z.string({ error: validationMessages.passwordsDoNotMatch }),
  })
  .refine((body) => body.password === body.password_confirm, {
    error: validationMessages.passwordsDoNotMatch,
    path: ['password_confirm'],
    params: { code: 'not_equal' },
  });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

/**
 * `PUT /api/common/users/me/password` → 200: a new password ends every token signed before it,
 * the caller's own included, so the answer carries a fresh token for the caller to keep working
 * with (an administrator switched to the user gets a fresh token of their own).
 */
export const passwordChangeResponseSchema = z.object({ token: z.string() });
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;
