import { createHash, createPublicKey, verify, X509Certificate } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { XmlC14NMode, XmlElement } from 'libxml2-wasm';
import type { XmlDocument, XmlNode } from 'libxml2-wasm';
import { withParsedXml } from './safe-xml-parse.ts';
import {
  CANONICALIZATIONS,
  DIGESTS,
  ENVELOPED_SIGNATURE,
  SIGNATURES,
  XMLDSIG_NAMESPACE,
  XPATH_FILTER2,
  type C14nMode,
} from './xmldsig-algorithms.ts';

/** Outcome of `verifySdiMessage`. */
export type SdiSignatureVerification =
  | {
      valid: true;
      /** The signing certificate found in KeyInfo, if any (subject, issuer, validity). */
      certificate?: { subject: string; issuer: string; validFrom: string; validTo: string };
    }
  | { valid: false; reason: string };

export interface VerifyOptions {
  /**
   * The key the message must be signed with (PEM public key or certificate). Without it the
   * key in KeyInfo is used, which proves integrity but not who signed.
   */
  publicKey?: string | KeyObject;
}

const dsNs = { ds: XMLDSIG_NAMESPACE };
const ec = 'http://www.w3.org/2001/10/xml-exc-c14n#';
// What XPath Filter 2.0 may say for us to treat it as an enveloped-signature transform: the one
// expression real SDI receipts use.
const SUBTRACT_SIGNATURES = '/descendant::ds:Signature';
const idPattern = /^[A-Za-z_][\w.-]*$/;

class InvalidSignature extends Error {}

function fail(reason: string): never {
  throw new InvalidSignature(reason);
}

function attribute(node: XmlNode, name: string): string | undefined {
  return node instanceof XmlElement ? node.attr(name)?.value : undefined;
}

function text(node: XmlNode | null): string {
  return node ? node.content.replace(/\s+/g, '') : '';
}

interface Canonicalization {
  mode: C14nMode;
  withComments: boolean;
  inclusivePrefixes?: string[];
}

/** The transforms of one Reference, reduced to what we apply. */
/**
 * Which signatures a Reference cuts out of the document: `enveloped` the one at the root (the
 * enveloped-signature transform), `all` every ds:Signature (XPath Filter 2.0 subtract).
 */
type SignatureRemoval = 'none' | 'enveloped' | 'all';

function readTransforms(reference: XmlNode): { removal: SignatureRemoval; c14n: Canonicalization } {
  let removal: SignatureRemoval = 'none';
  // No canonicalization transform: XMLDSig says the node-set becomes octets with inclusive C14N.
  let c14n: Canonicalization = { mode: XmlC14NMode.XML_C14N_1_0, withComments: false };
  for (const transform of reference.find('ds:Transforms/ds:Transform', dsNs)) {
    const algorithm = attribute(transform, 'Algorithm') ?? '';
    const canonicalization = CANONICALIZATIONS[algorithm];
    if (algorithm === ENVELOPED_SIGNATURE) {
      removal = 'enveloped';
    } else if (algorithm === XPATH_FILTER2) {
      const filter = transform.get('f:XPath', { f: XPATH_FILTER2 });
      if (
        !filter ||
        attribute(filter, 'Filter') !== 'subtract' ||
        filter.content.trim() !== SUBTRACT_SIGNATURES
      ) {
        fail('Unsupported XPath filter transform');
      }
      removal = 'all';
    } else if (canonicalization) {
      const prefixList = transform.get('ec:InclusiveNamespaces', { ec });
      const prefixes = prefixList ? (attribute(prefixList, 'PrefixList') ?? '').split(/\s+/) : [];
      c14n = {
        ...canonicalization,
        ...(prefixes.some(Boolean) ? { inclusivePrefixes: prefixes.filter(Boolean) } : {}),
      };
    } else {
      fail(`Unsupported transform ${algorithm}`);
    }
  }
  return { removal, c14n };
}

function referencedOctets(xml: string, document: XmlDocument, reference: XmlNode): string {
  const uri = attribute(reference, 'URI');
  const { removal, c14n } = readTransforms(reference);
  const options = {
    mode: c14n.mode,
    withComments: false,
    ...(c14n.inclusivePrefixes ? { inclusiveNamespacePrefixes: c14n.inclusivePrefixes } : {}),
  };
  if (uri === '') {
    // The whole document; the copy lets us cut the signature out without touching `document`.
    return withParsedXml(xml, (copy) => {
      const cut = removal === 'all' ? '//ds:Signature' : '/*/ds:Signature';
      if (removal !== 'none') for (const signature of copy.find(cut, dsNs)) signature.remove();
      return copy.canonicalizeToString({ ...options, withComments: c14n.withComments });
    });
  }
  if (uri === undefined || !uri.startsWith('#') || !idPattern.test(uri.slice(1))) {
    fail(`Unsupported reference URI '${uri ?? ''}'`);
  }
  const id = uri.slice(1);
  const targets = document.find(`//*[@Id='${id}' or @ID='${id}' or @id='${id}']`);
  // Two elements with the same Id is the classic signature-wrapping trick: refuse it.
  if (targets.length !== 1 || !targets[0]) fail(`Reference ${uri} does not point to one element`);
  if (removal !== 'none') fail('Enveloped transform on a fragment reference is not supported');
  return targets[0].canonicalizeToString(options);
}

function keyFromKeyInfo(signature: XmlNode): {
  key: KeyObject;
  certificate?: X509Certificate;
} {
  const certificateText = text(signature.get('ds:KeyInfo/ds:X509Data/ds:X509Certificate', dsNs));
  if (certificateText) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(Buffer.from(certificateText, 'base64'));
    } catch {
      fail('The certificate in KeyInfo cannot be read');
    }
    return { key: certificate.publicKey, certificate };
  }
  const modulus = text(signature.get('ds:KeyInfo/ds:KeyValue/ds:RSAKeyValue/ds:Modulus', dsNs));
  const exponent = text(signature.get('ds:KeyInfo/ds:KeyValue/ds:RSAKeyValue/ds:Exponent', dsNs));
  if (modulus && exponent) {
    const toBase64Url = (value: string): string =>
      Buffer.from(value, 'base64').toString('base64url');
    try {
      return {
        key: createPublicKey({
          key: { kty: 'RSA', n: toBase64Url(modulus), e: toBase64Url(exponent) },
          format: 'jwk',
        }),
      };
    } catch {
      fail('The RSA key in KeyInfo cannot be read');
    }
  }
  fail('No key to verify with: KeyInfo has neither a certificate nor an RSA key');
}

function callerKey(publicKey: string | KeyObject): KeyObject {
  if (typeof publicKey !== 'string') return publicKey;
  try {
    return publicKey.includes('CERTIFICATE')
      ? new X509Certificate(publicKey).publicKey
      : createPublicKey(publicKey);
  } catch {
    fail('The expected public key cannot be read');
  }
}

function checkSignature(
  xml: string,
  document: XmlDocument,
  options: VerifyOptions,
): SdiSignatureVerification {
  const signatures = document.find('/*/ds:Signature', dsNs);
  if (signatures.length === 0) fail('The message is not signed');
  if (signatures.length > 1) fail('The message carries more than one signature');
  const signature = signatures[0] as XmlNode;
  const signedInfo = signature.get('ds:SignedInfo', dsNs);
  if (!signedInfo) fail('Signature without SignedInfo');

  const c14nAlgorithm = attribute(
    signedInfo.get('ds:CanonicalizationMethod', dsNs) ?? signedInfo,
    'Algorithm',
  );
  const c14n = CANONICALIZATIONS[c14nAlgorithm ?? ''];
  if (!c14n) fail(`Unsupported canonicalization ${c14nAlgorithm ?? '(none)'}`);
  const signatureAlgorithm = attribute(
    signedInfo.get('ds:SignatureMethod', dsNs) ?? signedInfo,
    'Algorithm',
  );
  const method = SIGNATURES[signatureAlgorithm ?? ''];
  if (!method) fail(`Unsupported signature method ${signatureAlgorithm ?? '(none)'}`);

  const references = signedInfo.find('ds:Reference', dsNs);
  if (!references.some((reference) => attribute(reference, 'URI') === '')) {
    fail('The signature does not cover the whole message (no Reference URI="")');
  }
  for (const reference of references) {
    const digestAlgorithm = attribute(
      reference.get('ds:DigestMethod', dsNs) ?? reference,
      'Algorithm',
    );
    const hash = DIGESTS[digestAlgorithm ?? ''];
    if (!hash) fail(`Unsupported digest method ${digestAlgorithm ?? '(none)'}`);
    const octets = referencedOctets(xml, document, reference);
    const digest = createHash(hash).update(octets, 'utf8').digest('base64');
    if (digest !== text(reference.get('ds:DigestValue', dsNs))) {
      fail(`Digest mismatch for Reference URI="${attribute(reference, 'URI') ?? ''}"`);
    }
  }

  const { key, certificate } = options.publicKey
    ? { key: callerKey(options.publicKey), certificate: undefined }
    : keyFromKeyInfo(signature);
  const canonicalSignedInfo = signedInfo.canonicalizeToString({
    mode: c14n.mode,
    withComments: c14n.withComments,
  });
  const signatureValue = Buffer.from(text(signature.get('ds:SignatureValue', dsNs)), 'base64');
  let ok: boolean;
  try {
    ok = verify(
      method.hash,
      Buffer.from(canonicalSignedInfo, 'utf8'),
      method.ecdsa ? { key, dsaEncoding: 'ieee-p1363' } : key,
      signatureValue,
    );
  } catch {
    ok = false;
  }
  if (!ok) fail('Signature value does not match SignedInfo');
  return certificate
    ? {
        valid: true,
        certificate: {
          subject: certificate.subject,
          issuer: certificate.issuer,
          validFrom: certificate.validFrom,
          validTo: certificate.validTo,
        },
      }
    : { valid: true };
}

/**
 * Verifies the enveloped XMLDSig signature of an SDI message: every Reference digest (the
 * whole document, plus XAdES fragments in real SDI receipts) and the signature value over
 * SignedInfo. Returns `{ valid: false, reason }` for a missing, unsupported or broken
 * signature; throws `SdiMessageError` only when the input is not XML.
 */
export function verifySdiMessage(
  xml: string | Uint8Array,
  options: VerifyOptions = {},
): SdiSignatureVerification {
  const source = typeof xml === 'string' ? xml : new TextDecoder('utf-8').decode(xml);
  return withParsedXml(source, (document) => {
    try {
      return checkSignature(source, document, options);
    } catch (error) {
      if (error instanceof InvalidSignature) return { valid: false, reason: error.message };
      throw error;
    }
  });
}
