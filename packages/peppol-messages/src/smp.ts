/**
 * The SMP's answers in their own XML (Peppol SMP specification 1.x, the BusDox namespaces): the
 * ServiceGroup of a participant, naming the document types it receives by the URL of each one's
 * metadata, and the SignedServiceMetadata of one document type, with its processes and the
 * access point endpoints that receive them, signed by the SMP (enveloped XMLDSig). The signer is
 * passed in (the sandbox's key), so this module stays free of keys and of Node.
 */
import { PARTICIPANT_SCHEME } from './participant-identifiers.ts';
import { AS4_TRANSPORT_PROFILE, DOCUMENT_TYPE_SCHEME, PROCESS_SCHEME } from './document-types.ts';

export const SMP_NAMESPACE = 'http://busdox.org/serviceMetadata/publishing/1.0/';
export const IDENTIFIERS_NAMESPACE = 'http://busdox.org/transport/identifiers/1.0/';
export const ADDRESSING_NAMESPACE = 'http://www.w3.org/2005/08/addressing';

/** Adds an enveloped signature as the last child of the root element. */
export interface XmlSigner {
  sign(xml: string): string;
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** `scheme::value`, percent-encoded as one path segment (SMP specification, "URL encoding"). */
export function smpPathSegment(scheme: string, value: string): string {
  return encodeURIComponent(`${scheme}::${value}`);
}

/** Where the SMP answers a participant's ServiceGroup: `{base}/iso6523-actorid-upis%3A%3A…`. */
export function serviceGroupUrl(smpBaseUrl: string, participantId: string): string {
  let base = smpBaseUrl;
  while (base.endsWith('/')) base = base.slice(0, -1);
  return `${base}/${smpPathSegment(PARTICIPANT_SCHEME, participantId)}`;
}

/** Where the SMP answers one document type's SignedServiceMetadata. */
export function serviceMetadataUrl(
  smpBaseUrl: string,
  participantId: string,
  documentType: string,
  documentScheme: string = DOCUMENT_TYPE_SCHEME,
): string {
  return `${serviceGroupUrl(smpBaseUrl, participantId)}/services/${smpPathSegment(documentScheme, documentType)}`;
}

export interface ServiceGroupInput {
  smpBaseUrl: string;
  /** `0208:0202239951`. */
  participantId: string;
  /** The document types it is registered for (value under `busdox-docid-qns`). */
  documentTypes: string[];
}

export function serviceGroupXml(input: ServiceGroupInput): string {
  const references = input.documentTypes
    .map(
      (documentType) =>
        `<smp:ServiceMetadataReference href="${escapeXml(serviceMetadataUrl(input.smpBaseUrl, input.participantId, documentType))}"/>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<smp:ServiceGroup xmlns:smp="${SMP_NAMESPACE}" xmlns:id="${IDENTIFIERS_NAMESPACE}">` +
    `<id:ParticipantIdentifier scheme="${PARTICIPANT_SCHEME}">${escapeXml(input.participantId)}</id:ParticipantIdentifier>` +
    `<smp:ServiceMetadataReferenceCollection>${references}</smp:ServiceMetadataReferenceCollection>` +
    '</smp:ServiceGroup>'
  );
}

export interface SmpEndpoint {
  /** The access point's AS4 address. */
  url: string;
  /** The access point's certificate, DER in base64. */
  certificate: string;
  description: string;
  technicalContactUrl: string;
  activation?: Date;
  expiration?: Date;
  /** The code list's active AS4 profile unless said otherwise. */
  transportProfile?: string;
}

export interface ServiceMetadataInput {
  participantId: string;
  documentType: string;
  /** Each process the document type runs in, with the endpoints that receive it. */
  processes: { process: string; endpoints: SmpEndpoint[] }[];
}

function endpointXml(endpoint: SmpEndpoint): string {
  const dates =
    (endpoint.activation
      ? `<smp:ServiceActivationDate>${endpoint.activation.toISOString()}</smp:ServiceActivationDate>`
      : '') +
    (endpoint.expiration
      ? `<smp:ServiceExpirationDate>${endpoint.expiration.toISOString()}</smp:ServiceExpirationDate>`
      : '');
  return (
    `<smp:Endpoint transportProfile="${escapeXml(endpoint.transportProfile ?? AS4_TRANSPORT_PROFILE)}">` +
    `<wsa:EndpointReference><wsa:Address>${escapeXml(endpoint.url)}</wsa:Address></wsa:EndpointReference>` +
    '<smp:RequireBusinessLevelSignature>false</smp:RequireBusinessLevelSignature>' +
    dates +
    `<smp:Certificate>${escapeXml(endpoint.certificate)}</smp:Certificate>` +
    `<smp:ServiceDescription>${escapeXml(endpoint.description)}</smp:ServiceDescription>` +
    `<smp:TechnicalContactUrl>${escapeXml(endpoint.technicalContactUrl)}</smp:TechnicalContactUrl>` +
    '</smp:Endpoint>'
  );
}

/** The SignedServiceMetadata of one document type, signed by `signer`. */
export function signedServiceMetadataXml(input: ServiceMetadataInput, signer: XmlSigner): string {
  const processes = input.processes
    .map(
      ({ process, endpoints }) =>
        '<smp:Process>' +
        `<id:ProcessIdentifier scheme="${PROCESS_SCHEME}">${escapeXml(process)}</id:ProcessIdentifier>` +
        `<smp:ServiceEndpointList>${endpoints.map(endpointXml).join('')}</smp:ServiceEndpointList>` +
        '</smp:Process>',
    )
    .join('');
  const unsigned =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<smp:SignedServiceMetadata xmlns:smp="${SMP_NAMESPACE}" xmlns:id="${IDENTIFIERS_NAMESPACE}" xmlns:wsa="${ADDRESSING_NAMESPACE}">` +
    '<smp:ServiceMetadata><smp:ServiceInformation>' +
    `<id:ParticipantIdentifier scheme="${PARTICIPANT_SCHEME}">${escapeXml(input.participantId)}</id:ParticipantIdentifier>` +
    `<id:DocumentIdentifier scheme="${DOCUMENT_TYPE_SCHEME}">${escapeXml(input.documentType)}</id:DocumentIdentifier>` +
    `<smp:ProcessList>${processes}</smp:ProcessList>` +
    '</smp:ServiceInformation></smp:ServiceMetadata>' +
    '</smp:SignedServiceMetadata>';
  return signer.sign(unsigned);
}
