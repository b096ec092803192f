import { z } from 'zod';
import { timestampField, validationMessages } from '../common/fields.ts';
import { paginationQuerySchema } from '../platform/hydra.ts';

/*
 * Open banking (poland-openbanking-peppol-entities spec: open-banking area, entities, states,
 * validation, calls; provider section 7), mounted under `/api/ob`. Field names are the
 * provider's (camelCase). The registry is addressed by its fiscal id, within the account.
 */

/** Provider 7: a fiscal id of 1 to 32 characters, entered without its country prefix (spec 5). */
export const OB_FISCAL_ID_MAX_LENGTH = 32;
export const obFiscalIdField = z
  .string({ error: validationMessages.notBlank })
  .trim()
  .min(1, { error: validationMessages.notBlank, abort: true })
  .max(OB_FISCAL_ID_MAX_LENGTH, { error: 'This value is too long.', abort: true })
  .transform((value) => value.toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^[A-Z0-9]+$/, { error: 'A fiscal id has only letters and digits, without prefix.' }),
  );

/** ISO 639-1 languages the hosted connect flow speaks (the console's three). */
export const obLocales = ['it', 'en', 'pl'] as const;
export type ObLocale = (typeof obLocales)[number];

const businessName = z
  .string({ error: validationMessages.notBlank })
  .trim()
  .min(1, { error: validationMessages.notBlank, abort: true })
  .max(255, { error: validationMessages.tooLong255 });

/** `POST /business-registry` (spec 5: fiscalId, email and businessName required). */
export const obBusinessRegistryCreateSchema = z.object({
  fiscalId: obFiscalIdField,
  email: z
    .string({ error: validationMessages.notBlank })
    .trim()
    .min(1, { error: validationMessages.notBlank, abort: true })
    .max(255, { error: validationMessages.tooLong255, abort: true })
    .pipe(z.email({ error: validationMessages.emailInvalid })),
  businessName,
  emailAlerts: z.boolean().default(true),
  locale: z.enum(obLocales).default('en'),
  /** ISO alpha-2; filters the banks the connect flow offers (XF: the sandbox's test country). */
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, { error: 'A country is two capital letters (ISO 3166-1).' })
    .optional(),
});
export type ObBusinessRegistryCreate = z.input<typeof obBusinessRegistryCreateSchema>;

/** `PUT /business-registry/{fiscalId}` (spec 5: fiscal id and email cannot change). */
export const obBusinessRegistryUpdateSchema = z.object({
  businessName,
  emailAlerts: z.boolean().optional(),
  /** Data reading: turning it on starts the annual subscription (spec 4). */
  enabled: z.boolean().optional(),
});
export type ObBusinessRegistryUpdate = z.input<typeof obBusinessRegistryUpdateSchema>;

export const obFiscalIdParamsSchema = z.object({ fiscalId: obFiscalIdField });

export const obBusinessRegistrySchema = z.object({
  uuid: z.uuid(),
  fiscalId: z.string(),
  email: z.string(),
  businessName: z.string(),
  emailAlerts: z.boolean(),
  locale: z.enum(obLocales),
  country: z.string().nullable(),
  /** Data reading enabled (billed: an annual subscription while on). */
  enabled: z.boolean(),
  /** The sub-account the registry was made for, when a sub-account made it. */
  subAccountId: z.uuid().nullable(),
  /** How many bank accounts it has, and how many are enabled. */
  accountsCount: z.number().int(),
  enabledAccountsCount: z.number().int(),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type ObBusinessRegistry = z.infer<typeof obBusinessRegistrySchema>;

/** `POST /business-registry/{fiscalId}/connect` (spec 7: fiscalId, locale, country). */
export const obConnectRequestSchema = z.object({
  locale: z.enum(obLocales).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** Where the hosted flow sends the user back at its end (this console's page by default). */
  returnUrl: z
    .string()
    .max(2048)
    .pipe(z.url({ protocol: /^https?$/ }))
    .optional(),
});
export const obConnectResponseSchema = z.object({ connectUrl: z.string() });

/** The subscription of a registry (spec 3 "Subscription"; snake_case as the spec names it). */
export const obSubscriptionSchema = z.object({
  fiscal_id: z.string(),
  active: z.boolean(),
  period_starts_at: timestampField,
  period_ends_at: timestampField,
  auto_renew: z.boolean(),
  auto_renew_at: timestampField.nullable(),
  /** The annual fee recorded in the account's consumptions, decimal EUR. */
  fee: z.string(),
});
export type ObSubscription = z.infer<typeof obSubscriptionSchema>;

/** The annual fee of data reading per business registry (EUR, recorded as a consumption). */
export const OB_SUBSCRIPTION_ANNUAL_FEE = '120.00';

/** `GET /business-registry`: newest first; `fiscalId` finds by its start (the selectors' search). */
export const obBusinessRegistryListQuerySchema = paginationQuerySchema.extend({
  fiscalId: z.string().max(OB_FISCAL_ID_MAX_LENGTH).optional(),
  businessName: z.string().max(255).optional(),
});
