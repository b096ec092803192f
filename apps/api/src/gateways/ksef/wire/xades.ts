/*
 * XAdES-BES enveloped signatures, as KSeF takes them for the AuthTokenRequest
 * (`docs/auth/podpis-xades.md`): a `ds:Signature` inside the signed document whose SignedInfo
 * references the whole document (URI "", enveloped-signature transform, exclusive C14N) and the
 * XAdES `SignedProperties` (SigningTime, and SigningCertificate: the digest of the signer's
 * certificate, which binds that certificate to the signature), with the certificate in KeyInfo.
 *
 * XML-DSig itself (canonicalisation, digests, RSA) is xml-crypto's; this module adds what XAdES
 * asks on top and reads the signed content only from what xml-crypto says was signed (never from
 * the document as received, so a signature-wrapping document cannot smuggle in other content).
 * Algorithms: those of KSeF's list that xml-crypto implements, RSASSA-PKCS1-v1_5 with SHA-1/256/
 * 512 and RSASSA-PSS SHA-256 (KSeF also takes ECDSA, which xml-crypto does not verify), RSA keys
 * of 2048 bits at least.
 */
import { X509Certificate, createHash, randomBytes } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import { childElements, parseXml, type DomElement } from './dom.ts';

export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
export const XADES_NS = 'http://uri.etsi.org/01903/v1.3.2#';
const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903#SignedProperties';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

/** The signature methods accepted: KSeF's RSA list, as far as xml-crypto verifies them. */
const SIGNATURE_METHODS = new Set([
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  RSA_SHA256,
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
  'http://www.w3.org/2007/05/xmldsig-more#sha256-rsa-MGF1',
]);

/** The digest methods of SigningCertificate/CertDigest, by their URI. */
const DIGESTS: Readonly<Record<string, string>> = {
  'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1',
  [SHA256]: 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#sha384': 'sha384',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'sha512',
};

const MIN_RSA_BITS = 2048;

function descendant(parent: DomElement, path: readonly [string, string][]): DomElement | undefined {
  let current: DomElement | undefined = parent;
  for (const [namespace, localName] of path) {
    current = current && childElements(current, namespace, localName)[0];
  }
  return current;
}

/** The certificate's issuer as an RFC 4514 string (most specific RDN first). */
function issuerName(certificate: X509Certificate): string {
  return certificate.issuer.split('\n').reverse().join(', ');
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export type XadesSigner = { privateKeyPem: string; certificatePem: string };

/**
 * Signs `xml` with an enveloped XAdES-BES signature appended to its root: SignedInfo references
 * the document and the SignedProperties (SigningTime, SigningCertificate with the certificate's
 * SHA-256 and issuer/serial); KeyInfo carries the certificate. RSA-SHA256, exclusive C14N.
 */
export function signXadesEnveloped(xml: string, signer: XadesSigner, signingTime: Date): string {
  const certificate = new X509Certificate(signer.certificatePem);
  const suffix = randomBytes(8).toString('hex');
  const signatureId = `Signature-${suffix}`;
  const propertiesId = `SignedProperties-${suffix}`;
  const certificateDigest = createHash('sha256').update(certificate.raw).digest('base64');
  const serial = BigInt(`0x${certificate.serialNumber}`).toString(10);
  const qualifyingProperties =
    `<xades:QualifyingProperties xmlns:xades="${XADES_NS}" xmlns:ds="${DSIG_NS}" Target="#${signatureId}">` +
    `<xades:SignedProperties Id="${propertiesId}"><xades:SignedSignatureProperties>` +
    `<xades:SigningTime>${signingTime.toISOString()}</xades:SigningTime>` +
    `<xades:SigningCertificate><xades:Cert><xades:CertDigest>` +
    `<ds:DigestMethod Algorithm="${SHA256}"/><ds:DigestValue>${certificateDigest}</ds:DigestValue>` +
    `</xades:CertDigest><xades:IssuerSerial>` +
    `<ds:X509IssuerName>${escapeText(issuerName(certificate))}</ds:X509IssuerName>` +
    `<ds:X509SerialNumber>${serial}</ds:X509SerialNumber>` +
    `</xades:IssuerSerial></xades:Cert></xades:SigningCertificate>` +
    `</xades:SignedSignatureProperties></xades:SignedProperties></xades:QualifyingProperties>`;
  const signature = new SignedXml({
    privateKey: signer.privateKeyPem,
    publicCert: signer.certificatePem,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
    objects: [{ content: qualifyingProperties }],
  });
  signature.addReference({
    xpath: '/*',
    isEmptyUri: true,
    transforms: [ENVELOPED, EXC_C14N],
    digestAlgorithm: SHA256,
  });
  // Not in the input: xml-crypto resolves it in the signature it builds (the ds:Object above).
  signature.addReference({
    xpath: `//*[@Id='${propertiesId}']`,
    type: SIGNED_PROPERTIES_TYPE,
    transforms: [EXC_C14N],
    digestAlgorithm: SHA256,
  });
  signature.computeSignature(xml, {
    prefix: 'ds',
    attrs: { Id: signatureId },
    location: { reference: '/*', action: 'append' },
  });
  return signature.getSignedXml();
}

/** Why a signed document was refused (the sandbox words each one as KSeF's code). */
export type XadesRefusal =
  | 'unreadable'
  | 'no-signature'
  | 'too-many-signatures'
  | 'invalid-document'
  | 'invalid-signature'
  | 'invalid-certificate';

export type XadesVerification =
  | {
      ok: true;
      /** The signed document as signed: its exclusive canonical form without the signature. */
      signedDocument: string;
      certificate: X509Certificate;
      signingTime: Date | undefined;
    }
  | { ok: false; refusal: XadesRefusal; detail: string };

function refused(refusal: XadesRefusal, detail: string): XadesVerification {
  return { ok: false, refusal, detail };
}

function certificateOfKeyInfo(signature: DomElement): X509Certificate | string {
  const element = descendant(signature, [
    [DSIG_NS, 'KeyInfo'],
    [DSIG_NS, 'X509Data'],
    [DSIG_NS, 'X509Certificate'],
  ]);
  if (!element) return 'Brak certyfikatu X.509 w KeyInfo podpisu.';
  const base64 = (element.textContent ?? '').replace(/\s/g, '');
  try {
    const certificate = new X509Certificate(Buffer.from(base64, 'base64'));
    const details = certificate.publicKey.asymmetricKeyDetails;
    if (certificate.publicKey.asymmetricKeyType !== 'rsa') {
      return 'Obsługiwane są certyfikaty z kluczem RSA.';
    }
    if ((details?.modulusLength ?? 0) < MIN_RSA_BITS) {
      return `Klucz RSA certyfikatu jest krótszy niż ${MIN_RSA_BITS} bitów.`;
    }
    return certificate;
  } catch {
    return 'Certyfikat w KeyInfo nie jest poprawnym certyfikatem X.509.';
  }
}

function isSignedProperties(canonical: string): boolean {
  try {
    const root = parseXml(canonical).documentElement;
    return root.namespaceURI === XADES_NS && root.localName === 'SignedProperties';
  } catch {
    return false;
  }
}

/** Checks SignedProperties' SigningCertificate digest against the certificate; its SigningTime. */
function readSignedProperties(
  canonical: string,
  certificate: X509Certificate,
): { signingTime: Date | undefined } | string {
  const properties = parseXml(canonical).documentElement;
  const signatureProperties = childElements(properties, XADES_NS, 'SignedSignatureProperties')[0];
  if (!signatureProperties) return 'Brak SignedSignatureProperties w podpisie XAdES.';
  const signingCertificate =
    childElements(signatureProperties, XADES_NS, 'SigningCertificate')[0] ??
    childElements(signatureProperties, XADES_NS, 'SigningCertificateV2')[0];
  const digest =
    signingCertificate &&
    descendant(signingCertificate, [
      [XADES_NS, 'Cert'],
      [XADES_NS, 'CertDigest'],
    ]);
  if (!digest) return 'Brak SigningCertificate w podpisie XAdES.';
  const method = childElements(digest, DSIG_NS, 'DigestMethod')[0]?.getAttribute('Algorithm');
  const algorithm = method ? DIGESTS[method] : undefined;
  if (!algorithm) return 'Nieobsługiwany algorytm skrótu certyfikatu w SigningCertificate.';
  const value = (childElements(digest, DSIG_NS, 'DigestValue')[0]?.textContent ?? '').trim();
  const expected = createHash(algorithm).update(certificate.raw).digest('base64');
  if (value !== expected) {
    return 'Skrót certyfikatu w SigningCertificate nie odpowiada certyfikatowi podpisu.';
  }
  const time = childElements(signatureProperties, XADES_NS, 'SigningTime')[0]?.textContent;
  const parsed = time ? new Date(time.trim()) : undefined;
  return { signingTime: parsed && !Number.isNaN(parsed.getTime()) ? parsed : undefined };
}

/**
 * Verifies an enveloped XAdES-BES signature: one ds:Signature under the root, its references
 * (the whole document, the SignedProperties) and signature value, the certificate of KeyInfo
 * bound by SigningCertificate. Says nothing about whether the certificate is trusted: the
 * caller checks its issuer and its subject.
 */
export function verifyXadesEnveloped(xml: string): XadesVerification {
  let document: ReturnType<typeof parseXml>;
  try {
    document = parseXml(xml);
  } catch (error) {
    return refused('unreadable', error instanceof Error ? error.message : String(error));
  }
  const root = document.documentElement;
  const signatures = document.getElementsByTagNameNS(DSIG_NS, 'Signature');
  const signature = signatures.item(0);
  if (!signature) return refused('no-signature', 'Dokument nie zawiera podpisu.');
  if (signatures.length > 1) {
    return refused('too-many-signatures', `Dokument zawiera ${signatures.length} podpisy.`);
  }
  if (signature.parentNode !== root) {
    return refused(
      'invalid-document',
      'Obsługiwany jest podpis otaczany (enveloped): ds:Signature w elemencie głównym.',
    );
  }
  const signatureMethod = descendant(signature, [
    [DSIG_NS, 'SignedInfo'],
    [DSIG_NS, 'SignatureMethod'],
  ])?.getAttribute('Algorithm');
  if (!signatureMethod || !SIGNATURE_METHODS.has(signatureMethod)) {
    return refused(
      'invalid-signature',
      `Nieobsługiwany algorytm podpisu: ${signatureMethod ?? '-'}.`,
    );
  }
  const certificate = certificateOfKeyInfo(signature);
  if (typeof certificate === 'string') return refused('invalid-certificate', certificate);

  const verifier = new SignedXml({ publicCert: certificate.toString() });
  let valid: boolean;
  try {
    verifier.loadSignature(signature);
    valid = verifier.checkSignature(xml);
  } catch (error) {
    return refused('invalid-signature', error instanceof Error ? error.message : String(error));
  }
  if (!valid) {
    return refused('invalid-signature', 'Podpis lub skrót podpisanej treści jest nieprawidłowy.');
  }
  const references = verifier.getReferences();
  const whole = references.find(
    (reference) => reference.uri === '' && reference.transforms.includes(ENVELOPED),
  );
  if (!whole?.signedReference) {
    return refused(
      'invalid-signature',
      'Podpis nie obejmuje całego dokumentu (referencja URI="" z transformatą enveloped-signature).',
    );
  }
  // xml-crypto does not keep a reference's Type: the signed SignedProperties are known by what
  // was signed.
  const properties = references
    .map((reference) => reference.signedReference)
    .find((canonical) => canonical !== undefined && isSignedProperties(canonical));
  if (!properties) {
    return refused(
      'invalid-signature',
      'Podpis nie obejmuje właściwości XAdES (SignedProperties).',
    );
  }
  let read: { signingTime: Date | undefined } | string;
  try {
    read = readSignedProperties(properties, certificate);
  } catch (error) {
    return refused('invalid-signature', error instanceof Error ? error.message : String(error));
  }
  if (typeof read === 'string') return refused('invalid-signature', read);
  return {
    ok: true,
    signedDocument: whole.signedReference,
    certificate,
    signingTime: read.signingTime,
  };
}
