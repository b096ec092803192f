import { z } from 'zod';
import { timestampField } from '../common/fields.ts';
import { paginationQuerySchema } from '../platform/hydra.ts';

/*
 * Polish legal entities and their onboarding to KSeF (poland-openbanking-peppol-entities spec:
 * "Legal entity list", "Onboarding page", entities, states, validation, calls; provider section
 * 6). Mounted under `/api/pl`. Field names are the provider's (camelCase).
 */

/** Spec 4: the statuses and their numeric codes. */
export const plLegalEntityStatuses = ['pending', 'active', 'blocked'] as const;
export type PlLegalEntityStatus = (typeof plLegalEntityStatuses)[number];
export const PL_LEGAL_ENTITY_STATUS_CODES: Readonly<Record<PlLegalEntityStatus, number>> = {
  pending: 100,
  active: 200,
  blocked: 300,
};

/** Spec 4: onboarding (authorisation flow) statuses and their numeric codes. */
export const PL_AUTH_FLOW_STATUS = {
  NEW: 50,
  IN_PROGRESS: 100,
  USED: 150,
  COMPLETED: 200,
  ERROR: 250,
} as const;
export type PlAuthFlowStatusName = keyof typeof PL_AUTH_FLOW_STATUS;
export type PlAuthFlowStatus = (typeof PL_AUTH_FLOW_STATUS)[PlAuthFlowStatusName];

/** Spec 9: an onboarding must finish within 10 minutes of its start. */
export const PL_ONBOARDING_MINUTES = 10;

/** A NIP: ten digits, the last a mod-11 check digit (checked by the API with `@fiscus/ksef`). */
export const nipField = z
  .string()
  .trim()
  .transform((value) => value.replaceAll('-', '').replaceAll(' ', ''))
  .pipe(z.string().regex(/^\d{10}$/, { error: 'The NIP has ten digits.' }));

const required = (max = 255) => z.string().trim().min(1).max(max);

/** `POST /legal-entities` and `PUT /legal-entities/{uuid}` (spec 5: all required, max 255). */
export const plLegalEntityRequestSchema = z.object({
  nip: nipField,
  name: required(),
  email: z.string().trim().min(1).max(255).pipe(z.email()),
  addressLine1: required(),
  addressLine2: required(),
  postcode: required(),
  city: required(),
  province: z.string().trim().max(255).nullish(),
  /** Sent as PL on create (spec 3); the only country KSeF serves. */
  countryIso2: z.literal('PL').optional(),
  incomingInvoiceEnabled: z.boolean().optional(),
});
export type PlLegalEntityRequest = z.input<typeof plLegalEntityRequestSchema>;

export const plLegalEntityParamsSchema = z.object({ uuid: z.uuid() });

export const plLegalEntitySchema = z.object({
  uuid: z.uuid(),
  nip: z.string(),
  name: z.string(),
  email: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  postcode: z.string(),
  city: z.string(),
  province: z.string().nullable(),
  countryIso2: z.string(),
  incomingInvoiceEnabled: z.boolean(),
  status: z.enum(plLegalEntityStatuses),
  /** The numeric code of `status` (PENDING 100, ACTIVE 200, BLOCKED 300). */
  statusCode: z.number().int(),
  /** The latest onboarding's status (50…250), null when none was started. */
  authFlowStatus: z.number().int().nullable(),
  /** False once the latest onboarding's deadline has passed unfinished. */
  authFlowIsValid: z.boolean(),
  lastSyncAt: timestampField.nullable(),
  lastReceiveAt: timestampField.nullable(),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type PlLegalEntity = z.infer<typeof plLegalEntitySchema>;

const sortDirection = z.enum(['asc', 'desc']).optional();

export const plLegalEntityListQuerySchema = paginationQuerySchema.extend({
  nip: z.string().max(20).optional(),
  name: z.string().max(255).optional(),
  status: z.enum(plLegalEntityStatuses).optional(),
  'order[createdAt]': sortDirection,
  'order[name]': sortDirection,
  'order[nip]': sortDirection,
});
export type PlLegalEntityListQuery = z.infer<typeof plLegalEntityListQuerySchema>;

/** `POST /legal-entities/{uuid}/onboard/init`: the public onboarding page's address. */
export const plOnboardInitSchema = z.object({ url: z.string(), authFlowUUID: z.uuid() });
export type PlOnboardInit = z.infer<typeof plOnboardInitSchema>;

export const plOnboardingParamsSchema = z.object({
  uuid: z.uuid(),
  hash: z.string().min(1).max(128),
});

/** `GET /onboarding/{legalEntityUuid}/{hash}` (no auth): what the onboarding page shows. */
export const plOnboardingSchema = z.object({
  customer: z.object({
    customerName: z.string(),
    addressLine: z.string(),
    city: z.string(),
    countryCode: z.string(),
    nip: z.string(),
  }),
  authFlowStatus: z.number().int(),
  /** The 10-minute deadline once started (null while NEW). */
  authFlowDeadline: timestampField.nullable(),
  authFlowUUID: z.uuid(),
  nip: z.string(),
  /** The reason of an ERROR, in KSeF's words and code. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** A sandbox instance offers to sign with a sandbox test certificate (issue 35). */
  sandbox: z.boolean(),
});
export type PlOnboarding = z.infer<typeof plOnboardingSchema>;

/** `POST /legal-entities/{uuid}/onboard/activate/{hash}` (no auth). */
export const plOnboardActivateSchema = z.object({
  type: z.literal('onip'),
  identifier: nipField,
  /** The signed AuthTokenRequest, base64 (at most about 1 MB of XML). */
  signedFile: z.base64().max(1_500_000),
});
export type PlOnboardActivate = z.input<typeof plOnboardActivateSchema>;

/** `POST /legal-entities/{uuid}/ksef-token/create` (mode 2). */
export const plKsefTokenRequestSchema = z.object({
  authorizationToken: z.string().trim().min(1).max(512),
  autoSelect: z.boolean().optional(),
});

/** Sandbox only: the signature file signed with a sandbox test certificate for the NIP. */
export const plSandboxSignSchema = z.object({ signedFile: z.string() });

/** Sandbox only: a KSeF token for the NIP, as the taxpayer's KSeF app would make one. */
export const plSandboxTokenSchema = z.object({ authorizationToken: z.string() });

/** `POST /legal-entities/{uuid}/sub-accounts`: links an existing sub-account. */
export const plSubAccountRequestSchema = z.object({ email: z.email().max(255) });
export const plSubAccountParamsSchema = z.object({
  uuid: z.uuid(),
  email: z.string().max(255),
});

/** What a refused legal entity or onboarding says (the console words the code). */
export const PL_LEGAL_ENTITY_MESSAGES = {
  nip_invalid: 'This NIP is not valid (its check digit does not match).',
  nip_taken: 'A legal entity with this NIP already exists in this account.',
  nip_locked: 'The NIP of an onboarded legal entity cannot change.',
  already_active: 'This legal entity is already onboarded.',
  blocked: 'This legal entity is blocked: unblock it first.',
  flow_expired: 'The onboarding session has expired: start a new one.',
  flow_state: 'This onboarding step does not follow the previous one.',
  identifier_mismatch: 'The NIP given is not the legal entity’s.',
  signed_file_invalid: 'The signed file is not a signed authorisation request.',
  token_invalid: 'KSeF did not accept this authorisation token.',
  sub_account_unknown: 'This sub-account does not exist.',
} as const;
