import { z } from 'zod';
import { timestampField } from '../common/fields.ts';
import { paginationQuerySchema } from '../platform/hydra.ts';

/*
 * Peppol legal entities (poland-openbanking-peppol-entities spec: "Peppol legal entities",
 * entities, validation, calls; provider section 5): the companies a business registers on the
 * Peppol network, under the Italian (`/api/peppol/it`) or the Belgian (`/api/peppol/be`) domain,
 * with their participant identifier and their SMP registration (capabilities). Field names are
 * the provider's Peppol API's (camelCase).
 */

export const peppolDomains = ['it', 'be'] as const;
export type PeppolDomain = (typeof peppolDomains)[number];

const text = (max = 255) => z.string().trim().max(max);

export const peppolCapabilitySchema = z.object({
  documentType: z.string().trim().min(1).max(500),
  process: z.string().trim().max(500).optional(),
  documentTypeScheme: z.string().max(64).optional(),
  processScheme: z.string().max(64).optional(),
});
export type PeppolCapability = z.infer<typeof peppolCapabilitySchema>;

/** `POST|PUT {domain}/legal-entities` (spec "Validation": the first three are required). */
export const peppolLegalEntityRequestSchema = z.object({
  registeredName: text().min(1),
  /** The ISO 6523 ICD of the participant identifier scheme (`0208`, `0211`…). */
  identifierScheme: text(4).min(1),
  identifierValue: text(50).min(1),
  address: text().nullish(),
  zipCode: text(32).nullish(),
  country: text(2).nullish(),
  stateOrProvince: text().nullish(),
  city: text().nullish(),
  receivedDocumentNotificationEmails: z.array(z.email().max(255)).max(20).nullish(),
});
export type PeppolLegalEntityRequest = z.input<typeof peppolLegalEntityRequestSchema>;

export const peppolLegalEntityParamsSchema = z.object({ uuid: z.uuid() });

export const peppolLegalEntitySchema = z.object({
  uuid: z.uuid(),
  registeredName: z.string(),
  identifierScheme: z.string(),
  identifierValue: z.string(),
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  stateOrProvince: z.string().nullable(),
  city: z.string().nullable(),
  receivedDocumentNotificationEmails: z.array(z.string()),
  smpEnabled: z.boolean(),
  capabilities: z.array(peppolCapabilitySchema),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type PeppolLegalEntity = z.infer<typeof peppolLegalEntitySchema>;

/** `GET|PUT {domain}/legal-entities/{uuid}/smp`: the SMP registration. */
export const peppolSmpSchema = z.object({
  enabled: z.boolean(),
  capabilities: z.array(peppolCapabilitySchema).max(200),
});
export type PeppolSmp = z.infer<typeof peppolSmpSchema>;

const sortDirection = z.enum(['asc', 'desc']).optional();

/** `GET {domain}/legal-entities` (spec: identifierValue, registeredName, sortBy[field]). */
export const peppolLegalEntityListQuerySchema = paginationQuerySchema.extend({
  identifierValue: z.string().max(50).optional(),
  registeredName: z.string().max(255).optional(),
  'sortBy[createdAt]': sortDirection,
  'sortBy[registeredName]': sortDirection,
  'sortBy[identifierScheme]': sortDirection,
  'sortBy[identifierValue]': sortDirection,
});
export type PeppolLegalEntityListQuery = z.infer<typeof peppolLegalEntityListQuerySchema>;

/** `GET {domain}/document-types` and `GET {domain}/processes` (spec: name, value, scheme). */
export const peppolCodeSchema = z.object({
  name: z.string(),
  value: z.string(),
  scheme: z.string(),
});
export type PeppolCode = z.infer<typeof peppolCodeSchema>;

/** `POST {domain}/legal-entities/{uuid}/sub-accounts`: links an existing sub-account. */
export const peppolSubAccountRequestSchema = z.object({ email: z.email().max(255) });
export const peppolSubAccountParamsSchema = z.object({
  uuid: z.uuid(),
  email: z.string().max(255),
});

/** What a refused legal entity's violations say (the console words the code in its language). */
export const PEPPOL_LEGAL_ENTITY_MESSAGES = {
  unknown_scheme: 'This is not a participant identifier scheme of the Peppol code list.',
  removed_scheme: 'This participant identifier scheme was removed from Peppol.',
  belgian_scheme: 'A Belgian legal entity is identified by its enterprise number (scheme 0208).',
  identifier_invalid: 'This identifier does not match its scheme (pattern or check digit).',
  identifier_taken: 'This participant identifier is already registered on Peppol.',
  identifier_locked: 'Turn the SMP registration off before changing the identifier.',
  capabilities_required: 'An SMP registration names at least one document type.',
  document_type_unknown: 'This is not a document type this network registers.',
  process_wrong: 'This process does not go with the document type.',
  sub_account_unknown: 'This sub-account does not exist.',
} as const;

/** The steps of a legal entity's receiving check, in order (issue 34). */
export const peppolReceivingCheckSteps = [
  'identifier',
  'sml',
  'smp',
  'capabilities',
  'selfSend',
] as const;
export type PeppolReceivingCheckStep = (typeof peppolReceivingCheckSteps)[number];

/**
 * `POST {domain}/legal-entities/{uuid}/receiving-check`: why a partner can or cannot reach the
 * legal entity, step by step, each with its evidence (`label` is a key the console words:
 * participant, smlHost, smpUrl, documentType, endpoint, transportProfile, signature…; `value`
 * is what the network shows) and, when it fails, a problem code.
 */
export const peppolReceivingCheckSchema = z.object({
  participant: z.string(),
  checkedAt: timestampField,
  ok: z.boolean(),
  steps: z.array(
    z.object({
      step: z.enum(peppolReceivingCheckSteps),
      ok: z.boolean(),
      problem: z.string().nullable(),
      evidence: z.array(z.object({ label: z.string(), value: z.string() })),
    }),
  ),
});
export type PeppolReceivingCheck = z.infer<typeof peppolReceivingCheckSchema>;
