import { z } from 'zod';
import { booleanQueryValueSchema, paginationQuerySchema } from '../platform/hydra.ts';
import {
  validationMessages,
  newPasswordField,
  timestampField,
  EMAIL_MAX_LENGTH,
} from './fields.ts';

/** Item of `GET /api/common/users/me/accounts` and body of the single-account routes. */
export const subAccountSchema = z.object({
  email: z.string(),
  fiscal_id: z.string(),
  fullname: z.string().nullable(),
  enabled: z.boolean(),
  created_at: timestampField,
});
export type SubAccount = z.infer<typeof subAccountSchema>;

/** Filters of the sub-accounts list; `refresh` is a cache-buster the console sends, ignored. */
export const subAccountListQuerySchema = paginationQuerySchema.extend({
  email: z.string().optional(),
  fiscal_id: z.string().optional(),
  enabled: booleanQueryValueSchema.optional(),
  refresh: z.string().optional(),
});
export type SubAccountListQuery = z.infer<typeof subAccountListQuerySchema>;

const fullnameField = z
  .string({ error: 'This value should be of type string.' })
  .trim()
  .min(3, { error: validationMessages.fullnameTooShort, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: validationMessages.tooLong255 });

/** `POST /api/common/users/me/accounts` → 201 sub-account */
export const subAccountCreateRequestSchema = z.object({
  email: z
    .string({ error: validationMessages.notBlank })
    .trim()
    .min(1, { error: validationMessages.notBlank, abort: true })
    .max(EMAIL_MAX_LENGTH, { error: validationMessages.tooLong255, abort: true })
    .pipe(z.email({ error: validationMessages.notAnEmail })),
  fiscal_id: z
    .string({ error: validationMessages.notBlank })
    .trim()
    .min(1, { error: validationMessages.notBlank, abort: true })
    .max(EMAIL_MAX_LENGTH, { error: validationMessages.tooLong255 }),
  fullname: fullnameField.nullable().optional(),
  password: newPasswordField,
  enabled: z.boolean({ error: 'This value should be of type bool.' }).optional(),
  /** Roles per platform key; default: the manager's `it` roles minus manager/admin roles. */
  roles: z.record(z.string(), z.array(z.string())).optional(),
});
export type SubAccountCreateRequest = z.infer<typeof subAccountCreateRequestSchema>;

/** `PUT /api/common/users/me/accounts/{email}`: only fullname and enabled can change. */
export const subAccountUpdateRequestSchema = z.object({
  fullname: fullnameField.nullable().optional(),
  enabled: z.boolean({ error: 'This value should be of type bool.' }).optional(),
});
export type SubAccountUpdateRequest = z.infer<typeof subAccountUpdateRequestSchema>;

/** `PUT /api/common/users/me/accounts/{email}/change-password` → 204 */
export const subAccountChangePasswordRequestSchema = z.object({ password: newPasswordField });
export type SubAccountChangePasswordRequest = z.infer<typeof subAccountChangePasswordRequestSchema>;

export const subAccountParamsSchema = z.object({ email: z.string().min(1) });
