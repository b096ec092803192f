/**
 * Peppol document type and process identifiers from the official code lists v9.7 (`codelists/`):
 * what a legal entity's SMP registration (its capabilities) may name, each with the processes it
 * runs in and its state. A capability is a document type (`busdox-docid-qns`) with one of its
 * processes (`cenbii-procid-ubl`); deprecated ones are still reachable, removed ones are not
 * registrable. The transport profile of an endpoint is the active AS4 one. Browser-safe.
 */
import documentTypes from './codelists/document-types-v9.7.json' with { type: 'json' };
import transportProfiles from './codelists/transport-profiles-v9.7.json' with { type: 'json' };

export const DOCUMENT_TYPE_SCHEME = 'busdox-docid-qns';
export const PROCESS_SCHEME = 'cenbii-procid-ubl';

export type CodeState = 'active' | 'deprecated' | 'removed';

export interface PeppolDocumentType {
  name: string;
  /** `busdox-docid-qns`, or `peppol-doctype-wildcard` for the PINT wildcard identifiers. */
  scheme: string;
  /** `<root namespace>::<root element>##<CustomizationID>::<UBL version>`. */
  value: string;
  state: CodeState;
  /** The processes it runs in (`urn:fdc:peppol.eu:2017:poacc:billing:01:1.0`…). */
  processes: string[];
  category: string | undefined;
}

type Entry = {
  name: string;
  scheme: string;
  value: string;
  state: string;
  category?: string;
  'process-ids'?: { scheme: string; value: string }[];
};

/** Keyed by scheme and value: a value may stand under both schemes, in different states. */
const keyOf = (scheme: string, value: string) => `${scheme}::${value}`;

const TYPES: ReadonlyMap<string, PeppolDocumentType> = new Map(
  (documentTypes.values as Entry[]).map((entry) => [
    keyOf(entry.scheme, entry.value),
    {
      name: entry.name,
      scheme: entry.scheme,
      value: entry.value,
      state: entry.state as CodeState,
      processes: (entry['process-ids'] ?? [])
        .filter((process) => process.scheme === PROCESS_SCHEME)
        .map((process) => process.value),
      category: entry.category,
    },
  ]),
);

/** The document types of the list (every state), in its order. */
export function peppolDocumentTypes(): PeppolDocumentType[] {
  return [...TYPES.values()];
}

/** A document type by its identifier value (case-sensitive, POLICY 2) and scheme. */
export function peppolDocumentType(
  value: string,
  scheme: string = DOCUMENT_TYPE_SCHEME,
): PeppolDocumentType | undefined {
  return TYPES.get(keyOf(scheme, value));
}

export type CapabilityProblem = 'unknown_document_type' | 'removed_document_type' | 'wrong_process';

/** Whether a document type and process make a capability a legal entity may register. */
export function checkCapability(
  documentType: string,
  process: string,
  scheme: string = DOCUMENT_TYPE_SCHEME,
): CapabilityProblem | null {
  const type = peppolDocumentType(documentType, scheme);
  if (!type) return 'unknown_document_type';
  if (type.state === 'removed') return 'removed_document_type';
  return type.processes.includes(process) ? null : 'wrong_process';
}

/** The transport profile endpoints use: the code list's active AS4 profile. */
export const AS4_TRANSPORT_PROFILE: string =
  (transportProfiles.values as { 'profile-id': string; protocol: string; state: string }[]).find(
    (profile) => profile.protocol === 'AS4' && profile.state === 'active',
  )?.['profile-id'] ?? 'peppol-transport-as4-v2_0';

/** The BIS Billing 3.0 invoice and credit note, the documents every legal entity receives. */
export const BIS_BILLING = {
  invoice:
    'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
  creditNote:
    'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
  process: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
} as const;
