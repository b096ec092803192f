/*
 * The AuthTokenRequest, the document a taxpayer signs to authenticate with XAdES
 * (`docs/uwierzytelnianie.md` §2.1; schema `schemas/schemat_auth_v2-1.xsd`, copied from the
 * Ministry's CIRFMF/ksef-docs, MIT). KSeF takes schema 2.0 and 2.1 (same structure, 2.1 with
 * sane IP patterns); this module writes 2.1 and reads both, validating against 2.1.
 */
import { readFileSync } from 'node:fs';
import { ParseOption, XmlDocument, XmlValidateError, XsdValidator } from 'libxml2-wasm';
import { childElements, firstElement, parseXml, type DomElement } from './dom.ts';

export const AUTH_NAMESPACE_2_0 = 'http://ksef.mf.gov.pl/auth/token/2.0';
export const AUTH_NAMESPACE_2_1 = 'http://ksef.mf.gov.pl/auth/token/2.1';

export type ContextIdentifierType = 'Nip' | 'InternalId' | 'NipVatUe' | 'PeppolId';
export type SubjectIdentifierType = 'certificateSubject' | 'certificateFingerprint';

export type AuthTokenRequest = {
  challenge: string;
  context: { type: ContextIdentifierType; value: string };
  subjectIdentifierType: SubjectIdentifierType;
};

const SCHEMA_URL = new URL('./schemas/schemat_auth_v2-1.xsd', import.meta.url);
let validator: XsdValidator | undefined;

/** The compiled auth 2.1 schema; the process keeps it (it is the same for every database). */
function authValidator(): XsdValidator {
  if (!validator) {
    const schema = XmlDocument.fromString(readFileSync(SCHEMA_URL, 'utf8'));
    validator = XsdValidator.fromDoc(schema);
  }
  return validator;
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The AuthTokenRequest (schema 2.1) for a challenge and a NIP context, unsigned. */
export function authTokenRequestXml(input: {
  challenge: string;
  nip: string;
  subjectIdentifierType?: SubjectIdentifierType;
}): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?>\n` +
    `<AuthTokenRequest xmlns="${AUTH_NAMESPACE_2_1}">\n` +
    `  <Challenge>${escapeText(input.challenge)}</Challenge>\n` +
    `  <ContextIdentifier>\n` +
    `    <Nip>${escapeText(input.nip)}</Nip>\n` +
    `  </ContextIdentifier>\n` +
    `  <SubjectIdentifierType>${input.subjectIdentifierType ?? 'certificateSubject'}</SubjectIdentifierType>\n` +
    `</AuthTokenRequest>\n`
  );
}

/** The schema's verdict on a document without its signature: the messages, none when valid. */
function schemaErrors(xml: string): string[] {
  let document: XmlDocument | undefined;
  try {
    document = XmlDocument.fromString(xml, { option: ParseOption.XML_PARSE_NONET });
    authValidator().validate(document);
    return [];
  } catch (error) {
    if (error instanceof XmlValidateError) {
      return error.details.slice(0, 20).map((detail) => detail.message.trim());
    }
    return [error instanceof Error ? error.message.trim() : String(error)];
  } finally {
    document?.dispose();
  }
}

function text(parent: DomElement, namespace: string, name: string): string | undefined {
  const element = childElements(parent, namespace, name)[0];
  return element ? (element.textContent ?? '').trim() : undefined;
}

/**
 * Reads a signed AuthTokenRequest from its signed form (the signature removed): valid against
 * the schema, or the schema's messages.
 */
export function readAuthTokenRequest(
  signedDocument: string,
): { ok: true; request: AuthTokenRequest } | { ok: false; details: string[] } {
  let root: DomElement;
  try {
    root = parseXml(signedDocument).documentElement;
  } catch (error) {
    return { ok: false, details: [error instanceof Error ? error.message : String(error)] };
  }
  const namespace = root.namespaceURI ?? '';
  if (
    root.localName !== 'AuthTokenRequest' ||
    (namespace !== AUTH_NAMESPACE_2_0 && namespace !== AUTH_NAMESPACE_2_1)
  ) {
    return {
      ok: false,
      details: [
        `Element główny {${namespace}}${root.localName} nie jest AuthTokenRequest 2.0/2.1.`,
      ],
    };
  }
  // 2.0 and 2.1 differ only in their namespace and IP patterns: one schema checks both.
  const asVersion21 =
    namespace === AUTH_NAMESPACE_2_0
      ? signedDocument.replaceAll(AUTH_NAMESPACE_2_0, AUTH_NAMESPACE_2_1)
      : signedDocument;
  const errors = schemaErrors(asVersion21);
  if (errors.length > 0) return { ok: false, details: errors };
  const contextElement = childElements(root, namespace, 'ContextIdentifier')[0];
  const contextChild = contextElement ? firstElement(contextElement) : undefined;
  const contextType = contextChild?.localName as ContextIdentifierType;
  return {
    ok: true,
    request: {
      challenge: text(root, namespace, 'Challenge') ?? '',
      context: { type: contextType, value: (contextChild?.textContent ?? '').trim() },
      subjectIdentifierType: text(
        root,
        namespace,
        'SubjectIdentifierType',
      ) as SubjectIdentifierType,
    },
  };
}
