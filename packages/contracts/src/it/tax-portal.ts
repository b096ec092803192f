import { z } from 'zod';
import { timestampField, validationMessages } from '../common/fields.ts';
import { FISCAL_ID_PATTERN } from './business-registry-configurations.ts';

/*
 * The tax drawer ('cassetto fiscale') tab of a business registry configuration (account spec 2.7,
 * 3, 5, 7): the holder's Fisconline credentials for the Agenzia delle Entrate portal, stored
 * encrypted and never returned (only whether they are set, and since when), and the interactive
 * set-up, which answers a one-time link to the portal's consent page.
 */

export const taxPortalMessages = {
  codiceFiscaleRequired: 'codice fiscale is required',
  passwordRequired: 'password is required',
  pinRequired: 'pin is required',
  pinFormat: 'The Fisconline PIN is 10 digits.',
  codiceFiscaleFormat:
    'Enter the 16-character codice fiscale of a person or the 11-digit one of a company.',
  /** The portal refused the credentials (422 INVALID_CREDENTIALS, spec 8 'global.invalid_credentials'). */
  invalidCredentials: 'The tax portal refused these Fisconline credentials.',
  phoneRequired:
    'The interactive set-up needs the phone number of the business registry configuration (smart receipt tab).',
} as const;

/** The problem `code` of credentials the Agenzia delle Entrate portal refused (provider notes). */
export const INVALID_CREDENTIALS_CODE = 'INVALID_CREDENTIALS';

/** Longest password the portal takes (Fisconline: 8-15 characters). */
export const FISCONLINE_SECRET_MAX_LENGTH = 64;

/**
 * The Fisconline PIN: the 10 digits the Agenzia delle Entrate gives (the first 4 at the request,
 * the other 6 by post); anything else is refused here rather than sent to the portal.
 */
const FISCONLINE_PIN_PATTERN = /^\d{10}$/;

/** `PUT /business-registry-configurations/{id}/credentials/fisconline`. */
export const fisconlineCredentialsSchema = z.object({
  codice_fiscale: z
    .string({ error: taxPortalMessages.codiceFiscaleRequired })
    .trim()
    .min(1, { error: taxPortalMessages.codiceFiscaleRequired, abort: true })
    .max(16, { error: taxPortalMessages.codiceFiscaleFormat, abort: true })
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(FISCAL_ID_PATTERN, { error: taxPortalMessages.codiceFiscaleFormat })),
  password: z
    .string({ error: taxPortalMessages.passwordRequired })
    .min(1, { error: taxPortalMessages.passwordRequired, abort: true })
    .max(FISCONLINE_SECRET_MAX_LENGTH, { error: validationMessages.tooLong255 }),
  pin: z
    .string({ error: taxPortalMessages.pinRequired })
    .trim()
    .min(1, { error: taxPortalMessages.pinRequired, abort: true })
    .max(FISCONLINE_SECRET_MAX_LENGTH, { error: taxPortalMessages.pinFormat, abort: true })
    .regex(FISCONLINE_PIN_PATTERN, { error: taxPortalMessages.pinFormat }),
});
export type FisconlineCredentialsRequest = z.infer<typeof fisconlineCredentialsSchema>;

/**
 * What the API tells of stored credentials: whether they are set, when and how (`form`: the tax
 * drawer's form; `interactive`: the portal's consent page). The credentials themselves never leave.
 */
export const fisconlineCredentialsStatusSchema = z.object({
  credentials_set: z.boolean(),
  set_at: timestampField.nullable(),
  source: z.enum(['form', 'interactive']).nullable(),
});
export type FisconlineCredentialsStatus = z.infer<typeof fisconlineCredentialsStatusSchema>;

/**
 * `GET .../appoint/status` (provider section 4: the smart receipts' appointee): whether receipts
 * are enabled, who the provider sends them as (the codice fiscale of the Fisconline holder who
 * appointed it) and whether it is appointed. `url` is the link of an appointment to finish on the
 * portal (the provider's SPID flow); the Fisconline appointment finishes at once, so it is null.
 */
export const appointStatusSchema = z.object({
  receipt_enabled: z.boolean(),
  appointee: z.string().nullable(),
  status: z.enum(['appointed', 'not_appointed']),
  url: z.string().nullable(),
});
export type AppointStatus = z.infer<typeof appointStatusSchema>;

/** `POST .../credentials/fisconline/interactive`: the consent page to open in a new tab. */
export const fisconlineInteractiveSetupSchema = z.object({
  url: z
    .string()
    .meta({ description: 'One-time link to the consent page; expires at expires_at.' }),
  expires_at: timestampField,
});
export type FisconlineInteractiveSetup = z.infer<typeof fisconlineInteractiveSetupSchema>;

/** Path of the consent page: the one-time token. */
export const fisconlineConsentParamsSchema = z.object({
  token: z.string().max(128),
});

/** The consent page's form (application/x-www-form-urlencoded or JSON). */
export const fisconlineConsentFormSchema = z.object({
  codice_fiscale: z.string().max(64).optional(),
  password: z
    .string()
    .max(FISCONLINE_SECRET_MAX_LENGTH * 2)
    .optional(),
  pin: z
    .string()
    .max(FISCONLINE_SECRET_MAX_LENGTH * 2)
    .optional(),
  consent: z.string().max(16).optional(),
});
export type FisconlineConsentForm = z.infer<typeof fisconlineConsentFormSchema>;
