import { z } from 'zod';
import { paginationQuerySchema } from '../platform/hydra.ts';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  timestampField,
  validationMessages,
} from '../common/fields.ts';

export const registryMessages = {
  required: 'This field is required',
  fiscalIdFormat:
    'Enter an 11-digit VAT number or a 16-character codice fiscale, without country prefix.',
  fiscalIdCheck:
    'This fiscal id is not valid: its check digit (VAT number) or check character (codice fiscale) does not match.',
  fiscalIdReadOnly: 'The fiscal id cannot be changed once saved.',
  fiscalIdUsed: 'A business registry configuration with this fiscal id already exists.',
  atLeastOneEmail: 'At least one email is required',
  invalidEmail: 'Invalid email',
  phoneFormat: 'The phone number must include the international prefix (e.g. +393331234567).',
} as const;

/** Italian partita IVA (11 digits) or codice fiscale (16 characters, omocodia letters allowed). */
export const FISCAL_ID_PATTERN =
  /^(\d{11}|[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z])$/;
/** E.164: a plus, the country code and at most 15 digits in all. */
export const INTERNATIONAL_PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;

export const apiConfigurationLinkSchema = z.object({
  '@id': z.string(),
  uuid: z.uuid(),
  event: z.string(),
  target_url: z.string(),
});

/** Item of `GET /api/it/business-registry-configurations` (account spec 3). */
export const businessRegistryConfigurationSchema = z.object({
  '@id': z.string(),
  uuid: z.uuid(),
  fiscal_id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  supplier_invoice_enabled: z.boolean(),
  apply_signature: z.boolean(),
  apply_legal_storage: z.boolean(),
  legal_storage_active: z.boolean(),
  receipts_enabled: z.boolean(),
  api_configurations: z.array(apiConfigurationLinkSchema),
  sub_accounts: z.array(z.string()),
  phone_number: z.string().nullable(),
  receipts_alert_recipients: z.array(z.string()),
  created_at: timestampField,
  updated_at: timestampField,
});
export type BusinessRegistryConfiguration = z.infer<typeof businessRegistryConfigurationSchema>;

const phoneNumberField = z
  .string({ error: registryMessages.phoneFormat })
  .trim()
  .regex(INTERNATIONAL_PHONE_PATTERN, { error: registryMessages.phoneFormat })
  .nullish()
  .or(z.literal('').transform(() => null));

const optionalFlag = z.boolean({ error: 'This value should be of type bool.' }).optional();

/**
 * A webhook configuration link in a request: its IRI (`/api/it/api-configurations/{uuid}`), the
 * bare uuid, or `{ uuid }`.
 */
export const apiConfigurationLinkInputSchema = z.union([
  z
    .string()
    .min(1, { error: validationMessages.notBlank })
    .max(255, { error: validationMessages.tooLong255 }),
  z.object({
    uuid: z
      .string()
      .min(1, { error: validationMessages.notBlank })
      .max(255, { error: validationMessages.tooLong255 }),
  }),
]);

/** One alert recipient: an email of at most 255 characters, like every stored email. */
const alertRecipientField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: validationMessages.tooLong255, abort: true })
  .pipe(z.email({ error: registryMessages.invalidEmail }));

/** Body of create (POST) and update (PUT by fiscal_id). */
export const businessRegistryConfigurationRequestSchema = z.object({
  fiscal_id: z
    .string({ error: registryMessages.required })
    .trim()
    .min(1, { error: registryMessages.required, abort: true })
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(FISCAL_ID_PATTERN, { error: registryMessages.fiscalIdFormat })),
  name: z
    .string({ error: 'This value should be of type string.' })
    .trim()
    .max(255, { error: validationMessages.tooLong255 })
    .nullish(),
  email: z
    .string({ error: 'This value should be of type string.' })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: validationMessages.tooLong255, abort: true })
    .pipe(z.email({ error: validationMessages.notAnEmail }))
    .nullish()
    .or(z.literal('').transform(() => null)),
  supplier_invoice_enabled: optionalFlag,
  apply_signature: optionalFlag,
  apply_legal_storage: optionalFlag,
  receipts_enabled: optionalFlag,
  api_configurations: z.array(apiConfigurationLinkInputSchema).max(1000).optional(),
  phone_number: phoneNumberField,
  receipts_alert_recipients: z.array(alertRecipientField).max(50).optional(),
});
export type BusinessRegistryConfigurationRequest = z.infer<
  typeof businessRegistryConfigurationRequestSchema
>;

/** Update body: the same fields, fiscal_id optional (and, when sent, equal to the path's). */
export const businessRegistryConfigurationUpdateSchema =
  businessRegistryConfigurationRequestSchema.partial({ fiscal_id: true });
export type BusinessRegistryConfigurationUpdate = z.infer<
  typeof businessRegistryConfigurationUpdateSchema
>;

export const businessRegistryConfigurationListQuerySchema = paginationQuerySchema;
export const businessRegistryConfigurationParamsSchema = z.object({ id: z.string() });

/**
 * `PUT|GET /business-registry-configurations/{id}/receipt-settings` (smart receipt tab). The
 * recipients may be none (issue 31): the phone number, which the tax drawer's interactive set-up
 * needs, saves on its own.
 */
export const receiptSettingsSchema = z.object({
  receipts_alert_recipients: z
    .array(alertRecipientField, { error: registryMessages.atLeastOneEmail })
    .max(50),
  phone_number: phoneNumberField,
});
export type ReceiptSettings = z.infer<typeof receiptSettingsSchema>;
export const receiptSettingsResponseSchema = z.object({
  receipts_alert_recipients: z.array(z.string()),
  phone_number: z.string().nullable(),
});

/**
 * Body of `POST /business-registry-configurations/{id}/sub-accounts`: with a password, a new
 * sub-account with that email is created and linked; without one (null, empty or absent), an
 * existing sub-account is linked.
 */
export const registrySubAccountRequestSchema = z.object({
  email: z
    .string({ error: registryMessages.required })
    .trim()
    .min(1, { error: registryMessages.required, abort: true })
    .max(EMAIL_MAX_LENGTH, { error: validationMessages.tooLong255, abort: true })
    .pipe(z.email({ error: validationMessages.notAnEmail })),
  // The password rule of a new sub-account (newPasswordField), once there is one.
  password: z
    .string()
    .max(EMAIL_MAX_LENGTH, { error: validationMessages.tooLong255, abort: true })
    .refine((password) => password === '' || password.length >= PASSWORD_MIN_LENGTH, {
      error: validationMessages.passwordTooShort,
    })
    .nullish(),
});
export type RegistrySubAccountRequest = z.infer<typeof registrySubAccountRequestSchema>;
export const registrySubAccountSchema = z.object({
  email: z.string(),
  fullname: z.string().nullable(),
  fiscal_id: z.string().nullable(),
  enabled: z.boolean(),
});
export type RegistrySubAccount = z.infer<typeof registrySubAccountSchema>;
export const registrySubAccountParamsSchema = z.object({ id: z.string(), email: z.string() });
export const subAccountEmailParamsSchema = z.object({ email: z.string() });
