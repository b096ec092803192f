/**
 * The legal entity form (spec "Peppol legal entities", 4, 5): its values, its rules and the two
 * requests an edit sends. The first three fields are required, every field fits its column (255
 * characters at most, the spec's limit, less where the API stores less); the SMP registration
 * shows on edit only, and its capabilities count only while it is on: the Italian variant names
 * each capability by document type (required) and process, the Belgian one ticks the BIS Billing
 * invoice and credit note.
 */
import type {
  PeppolCapability,
  PeppolLegalEntity,
  PeppolLegalEntityRequest,
  PeppolSmp,
} from '@fiscus/contracts';
import { PEPPOL_LEGAL_ENTITY_MESSAGES } from '@fiscus/contracts';
import { validationMessages } from '@fiscus/contracts/validation-messages';
import { z } from 'zod';
import type { PeppolDomain } from '../../../lib/peppol-domain';
import { BELGIAN_IDENTIFIER_SCHEME } from './identifier-schemes';

/** The messages of this form, client and server, by the key that words them (`validation.<key>`). */
export const legalEntityMessages = {
  required: 'Required',
  tooLong255: validationMessages.tooLong255,
  tooLong50: 'This value is too long. It should have 50 characters or less.',
  tooLong32: 'This value is too long. It should have 32 characters or less.',
  countryCode: 'Two letters: the ISO 3166 country code.',
  notAnEmail: validationMessages.notAnEmail,
  tooManyEmails: 'At most 20 e-mail addresses.',
  ...PEPPOL_LEGAL_ENTITY_MESSAGES,
} as const;

/**
 * The Belgian API registers the BIS Billing invoice and credit note, nothing else (spec): the
 * two checkboxes stand for these document types.
 */
export const BELGIAN_DOCUMENT_TYPES = {
  invoice:
    'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
  creditNote:
    'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
} as const;

const MAX_EMAILS = 20;
const EMAIL = z.email();

/** The notification e-mails as typed: separated by commas, semicolons, spaces or lines. */
export function emailList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

const text = (max: number, message: string) => z.string().trim().max(max, { error: message });
const required = (max: number, message: string) =>
  text(max, message).min(1, { error: legalEntityMessages.required });

const capabilityRow = z.object({
  documentType: z.string(),
  documentTypeScheme: z.string(),
  process: z.string(),
  processScheme: z.string(),
});
export type CapabilityRow = z.infer<typeof capabilityRow>;

/** The form's rules; the SMP part by the domain's variant. */
export const createLegalEntityFormSchema = (domain: PeppolDomain) =>
  z
    .object({
      registeredName: required(255, legalEntityMessages.tooLong255),
      identifierScheme: required(4, legalEntityMessages.unknown_scheme),
      identifierValue: required(50, legalEntityMessages.tooLong50),
      address: text(255, legalEntityMessages.tooLong255),
      zipCode: text(32, legalEntityMessages.tooLong32),
      city: text(255, legalEntityMessages.tooLong255),
      stateOrProvince: text(255, legalEntityMessages.tooLong255),
      country: z
        .string()
        .trim()
        .refine((value) => value === '' || /^[A-Za-z]{2}$/.test(value), {
          error: legalEntityMessages.countryCode,
        }),
      receivedDocumentNotificationEmails: z.string(),
      smpEnabled: z.boolean(),
      /** The Italian variant's rows. */
      capabilities: z.array(capabilityRow),
      /** The Belgian variant's two checkboxes. */
      invoice: z.boolean(),
      creditNote: z.boolean(),
    })
    .superRefine((values, context) => {
      const emails = emailList(values.receivedDocumentNotificationEmails);
      const wrong = emails.find((email) => !EMAIL.safeParse(email).success || email.length > 255);
      if (wrong !== undefined || emails.length > MAX_EMAILS) {
        context.addIssue({
          code: 'custom',
          path: ['receivedDocumentNotificationEmails'],
          message:
            wrong !== undefined
              ? legalEntityMessages.notAnEmail
              : legalEntityMessages.tooManyEmails,
        });
      }
      if (!values.smpEnabled) return;
      const none =
        domain === 'be' ? !values.invoice && !values.creditNote : values.capabilities.length === 0;
      if (none) {
        context.addIssue({
          code: 'custom',
          path: ['capabilities'],
          message: legalEntityMessages.capabilities_required,
        });
      }
      if (domain === 'be') return;
      values.capabilities.forEach((row, index) => {
        if (row.documentType === '') {
          context.addIssue({
            code: 'custom',
            path: ['capabilities', index, 'documentType'],
            message: legalEntityMessages.required,
          });
        }
      });
    });

type LegalEntityFormSchema = ReturnType<typeof createLegalEntityFormSchema>;
export type LegalEntityFormInput = z.input<LegalEntityFormSchema>;
export type LegalEntityFormValues = z.output<LegalEntityFormSchema>;

/** Where the form's SMP part reads a violation of `capabilities[…]` (`capabilities.0.process`). */
export function formFieldOfViolation(propertyPath: string): string | undefined {
  const row = /^capabilities\[(\d+)\]\.(documentType|process)$/.exec(propertyPath);
  return row ? `capabilities.${row[1]}.${row[2]}` : undefined;
}

export function emptyCapabilityRow(): CapabilityRow {
  return { documentType: '', documentTypeScheme: '', process: '', processScheme: '' };
}

export function newLegalEntityValues(domain: PeppolDomain): LegalEntityFormInput {
  return {
    registeredName: '',
    identifierScheme: domain === 'be' ? BELGIAN_IDENTIFIER_SCHEME : '',
    identifierValue: '',
    address: '',
    zipCode: '',
    city: '',
    stateOrProvince: '',
    country: domain === 'be' ? 'BE' : '',
    receivedDocumentNotificationEmails: '',
    smpEnabled: false,
    capabilities: [],
    invoice: false,
    creditNote: false,
  };
}

export function existingLegalEntityValues(
  entity: PeppolLegalEntity,
  smp: PeppolSmp,
): LegalEntityFormInput {
  const has = (documentType: string) =>
    smp.capabilities.some((capability) => capability.documentType === documentType);
  return {
    registeredName: entity.registeredName,
    identifierScheme: entity.identifierScheme,
    identifierValue: entity.identifierValue,
    address: entity.address ?? '',
    zipCode: entity.zipCode ?? '',
    city: entity.city ?? '',
    stateOrProvince: entity.stateOrProvince ?? '',
    country: entity.country ?? '',
    receivedDocumentNotificationEmails: entity.receivedDocumentNotificationEmails.join(', '),
    smpEnabled: smp.enabled,
    capabilities: smp.capabilities.map((capability) => ({
      documentType: capability.documentType,
      documentTypeScheme: capability.documentTypeScheme ?? '',
      process: capability.process ?? '',
      processScheme: capability.processScheme ?? '',
    })),
    invoice: has(BELGIAN_DOCUMENT_TYPES.invoice),
    creditNote: has(BELGIAN_DOCUMENT_TYPES.creditNote),
  };
}

const orNull = (value: string) => (value === '' ? null : value);

export function toLegalEntityRequest(values: LegalEntityFormValues): PeppolLegalEntityRequest {
  return {
    registeredName: values.registeredName,
    identifierScheme: values.identifierScheme,
    identifierValue: values.identifierValue,
    address: orNull(values.address),
    zipCode: orNull(values.zipCode),
    city: orNull(values.city),
    stateOrProvince: orNull(values.stateOrProvince),
    country: orNull(values.country.toUpperCase()),
    receivedDocumentNotificationEmails: emailList(values.receivedDocumentNotificationEmails),
  };
}

/**
 * The SMP registration the form asks for: Italy's rows (a process left empty lets the API take
 * the document type's own), Belgium's ticked document types (the API adds their process).
 */
export function toSmpRequest(domain: PeppolDomain, values: LegalEntityFormValues): PeppolSmp {
  if (domain === 'be') {
    const capabilities: PeppolCapability[] = [];
    if (values.invoice) capabilities.push({ documentType: BELGIAN_DOCUMENT_TYPES.invoice });
    if (values.creditNote) capabilities.push({ documentType: BELGIAN_DOCUMENT_TYPES.creditNote });
    return { enabled: values.smpEnabled, capabilities };
  }
  return {
    enabled: values.smpEnabled,
    capabilities: values.capabilities
      .filter((row) => row.documentType !== '')
      .map((row) => ({
        documentType: row.documentType,
        ...(row.documentTypeScheme ? { documentTypeScheme: row.documentTypeScheme } : {}),
        ...(row.process ? { process: row.process } : {}),
        ...(row.process && row.processScheme ? { processScheme: row.processScheme } : {}),
      })),
  };
}

/**
 * Which call goes first on an edit: the SMP registration when it is being turned off (the API
 * keeps the identifier of a registered entity, so it must be off before the identifier changes),
 * the legal entity otherwise (an identifier changed while off, then registered).
 */
export function smpFirst(wasEnabled: boolean, values: LegalEntityFormValues): boolean {
  return wasEnabled && !values.smpEnabled;
}
