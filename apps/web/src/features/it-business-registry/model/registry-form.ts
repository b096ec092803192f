/**
 * The edit/create tab's form (spec 3, 5): its zod schema in the API's wording, the values of a new
 * or an existing registry, and the request body. The fiscal id is required, upper-cased, an
 * 11-digit VAT number or a 16-character codice fiscale whose check digit or character matches,
 * and fixed once saved; webhook
 * configurations are sent as links (their IRIs); the linked sub-accounts are not part of the
 * registry's body (they are connected one by one, `sub-account-sync.ts`).
 */
import {
  FISCAL_ID_PATTERN,
  registryMessages,
  rejectedInvoicesMessages,
  taxPortalMessages,
  validationMessages,
} from '@fiscus/contracts';
import type {
  BusinessRegistryConfiguration,
  BusinessRegistryConfigurationUpdate,
} from '@fiscus/contracts';
import { isValidCodiceFiscale, isValidPartitaIva } from '@fiscus/fatturapa/fields';
import { z } from 'zod';

/** The server's messages this form may show, by key of `validation.*` in `businessRegistry`. */
export const registryFormMessages = {
  required: registryMessages.required,
  fiscalIdFormat: registryMessages.fiscalIdFormat,
  fiscalIdCheck: registryMessages.fiscalIdCheck,
  fiscalIdReadOnly: registryMessages.fiscalIdReadOnly,
  fiscalIdUsed: registryMessages.fiscalIdUsed,
  atLeastOneEmail: registryMessages.atLeastOneEmail,
  invalidEmail: registryMessages.invalidEmail,
  phoneFormat: registryMessages.phoneFormat,
  subAccountMissing: 'This sub-account does not exist.',
  configurationMissing: 'This API configuration does not exist.',
  codiceFiscaleRequired: taxPortalMessages.codiceFiscaleRequired,
  passwordRequired: taxPortalMessages.passwordRequired,
  pinRequired: taxPortalMessages.pinRequired,
  pinFormat: taxPortalMessages.pinFormat,
  codiceFiscaleFormat: taxPortalMessages.codiceFiscaleFormat,
  invalidCredentials: taxPortalMessages.invalidCredentials,
  phoneRequired: taxPortalMessages.phoneRequired,
  dateFormat: rejectedInvoicesMessages.dateFormat,
  dateOrder: rejectedInvoicesMessages.dateOrder,
  rangeTooLong: rejectedInvoicesMessages.rangeTooLong,
} as const;

/** A linked webhook configuration as the form holds it (what its chip shows). */
export const apiConfigurationChoiceSchema = z.object({
  '@id': z.string(),
  uuid: z.string(),
  event: z.string(),
  target_url: z.string(),
});
export type ApiConfigurationChoice = z.infer<typeof apiConfigurationChoiceSchema>;

/**
 * Whether an Italian fiscal id of the right shape passes its check: the VAT number's check digit,
 * the codice fiscale's check character (`@fiscus/fatturapa`, as the API checks it).
 */
export function hasValidCheck(fiscalId: string): boolean {
  return fiscalId.length === 11 ? isValidPartitaIva(fiscalId) : isValidCodiceFiscale(fiscalId);
}

export const registryFormSchema = z.object({
  fiscal_id: z
    .string()
    .trim()
    .min(1, { error: registryMessages.required, abort: true })
    .transform((value) => value.toUpperCase())
    .pipe(
      z
        .string()
        .regex(FISCAL_ID_PATTERN, { error: registryMessages.fiscalIdFormat, abort: true })
        .refine(hasValidCheck, { error: registryMessages.fiscalIdCheck }),
    ),
  name: z.string().trim().max(255, { error: validationMessages.tooLong255 }),
  email: z
    .string()
    .trim()
    .max(255, { error: validationMessages.tooLong255, abort: true })
    .refine((value) => value === '' || z.email().safeParse(value).success, {
      error: validationMessages.notAnEmail,
    }),
  supplier_invoice_enabled: z.boolean(),
  apply_signature: z.boolean(),
  apply_legal_storage: z.boolean(),
  receipts_enabled: z.boolean(),
  api_configurations: z.array(apiConfigurationChoiceSchema),
  /** Emails of the linked sub-accounts (managers only). */
  sub_accounts: z.array(z.string()),
});

export type RegistryFormInput = z.input<typeof registryFormSchema>;
export type RegistryFormValues = z.output<typeof registryFormSchema>;

/** The form's names, which are also the API's `propertyPath`s. */
export const REGISTRY_FORM_FIELDS = [
  'fiscal_id',
  'name',
  'email',
  'supplier_invoice_enabled',
  'apply_signature',
  'apply_legal_storage',
  'receipts_enabled',
  'api_configurations',
  'sub_accounts',
] as const;

export function newRegistryValues(): RegistryFormInput {
  return {
    fiscal_id: '',
    name: '',
    email: '',
    supplier_invoice_enabled: false,
    apply_signature: false,
    apply_legal_storage: false,
    receipts_enabled: false,
    api_configurations: [],
    sub_accounts: [],
  };
}

export function existingRegistryValues(registry: BusinessRegistryConfiguration): RegistryFormInput {
  return {
    fiscal_id: registry.fiscal_id,
    name: registry.name ?? '',
    email: registry.email ?? '',
    supplier_invoice_enabled: registry.supplier_invoice_enabled,
    apply_signature: registry.apply_signature,
    apply_legal_storage: registry.apply_legal_storage,
    receipts_enabled: registry.receipts_enabled,
    api_configurations: registry.api_configurations.map((link) => ({ ...link })),
    sub_accounts: [...registry.sub_accounts],
  };
}

/**
 * The body of a create or an update. An update also sends the saved phone number (spec 7), so the
 * smart receipt tab's number is kept as it is.
 */
export function toRegistryRequest(
  values: RegistryFormValues,
  saved: BusinessRegistryConfiguration | null,
): BusinessRegistryConfigurationUpdate & { fiscal_id: string } {
  return {
    fiscal_id: values.fiscal_id,
    name: values.name === '' ? null : values.name,
    email: values.email === '' ? null : values.email,
    supplier_invoice_enabled: values.supplier_invoice_enabled,
    apply_signature: values.apply_signature,
    apply_legal_storage: values.apply_legal_storage,
    receipts_enabled: values.receipts_enabled,
    api_configurations: values.api_configurations.map((link) => link['@id']),
    ...(saved ? { phone_number: saved.phone_number } : {}),
  };
}
