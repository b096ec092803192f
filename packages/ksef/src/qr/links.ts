// KOD I and KOD II, the links behind the QR codes of a KSeF invoice (docs/kody-qr.md).
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  constants,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

export type KsefEnvironment = 'TE' | 'DEMO' | 'PRD';

/** The QR host of each environment (kody-qr.md, "Środowiska"). */
export const QR_HOSTS: Readonly<Record<KsefEnvironment, string>> = {
  TE: 'qr-test.ksef.mf.gov.pl',
  DEMO: 'qr-demo.ksef.mf.gov.pl',
  PRD: 'qr.ksef.mf.gov.pl',
};

/** The context identifier types of a KOD II link (kody-qr.md, ContextIdentifier). */
export const CONTEXT_IDENTIFIER_TYPES = ['Nip', 'InternalId', 'NipVatUe', 'PeppolId'] as const;
export type ContextIdentifierType = (typeof CONTEXT_IDENTIFIER_TYPES)[number];

function hostOf(env: KsefEnvironment): string {
  const host = (QR_HOSTS as Partial<Record<string, string>>)[env];
  if (!host) throw new RangeError(`Unknown KSeF environment "${String(env)}": use TE, DEMO or PRD`);
  return host;
}

function toBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/** SHA-256 of the invoice file in Base64URL, without padding: the file's hash in both links. */
export function invoiceHash(xmlBytes: Uint8Array | string): string {
  return createHash('sha256').update(xmlBytes).digest('base64url');
}

const BASE64URL_SHA256 = /^[\w-]{43}$/;

function checkedHash(hash: string): string {
  if (!BASE64URL_SHA256.test(hash)) {
    throw new RangeError('The invoice hash must be a SHA-256 in Base64URL (43 characters)');
  }
  return hash;
}

function checkedNip(nip: string, what: string): string {
  if (!/^\d{10}$/.test(nip)) throw new RangeError(`The ${what} must be 10 digits`);
  return nip;
}

/** P_1 (YYYY-MM-DD) or DD-MM-YYYY as the link's DD-MM-YYYY. */
function linkDate(issueDate: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(issueDate);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : (/^(\d{2})-(\d{2})-(\d{4})$/.exec(issueDate) ?? []).slice(1).reverse();
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (
    year === undefined ||
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  ) {
    throw new RangeError(`The issue date "${issueDate}" must be a day as YYYY-MM-DD (P_1)`);
  }
  return `${day}-${month}-${year}`;
}

/** KOD I for a known hash: `https://<host>/invoice/<NIP>/<DD-MM-YYYY>/<SHA-256 Base64URL>`. */
export function verificationLinkForHash(
  env: KsefEnvironment,
  nip: string,
  issueDate: string,
  hashBase64Url: string,
): string {
  const host = hostOf(env);
  return `https://${host}/invoice/${checkedNip(nip, 'seller NIP')}/${linkDate(issueDate)}/${checkedHash(hashBase64Url)}`;
}

/**
 * KOD I, the verification link of an invoice: the seller's NIP (Podmiot1), the issue date
 * (P_1, YYYY-MM-DD) and the SHA-256 of the invoice file exactly as sent to KSeF.
 * Throws a RangeError on a wrong environment, NIP or date.
 */
export function verificationLink(
  env: KsefEnvironment,
  nip: string,
  issueDate: string,
  xmlBytes: Uint8Array | string,
): string {
  return verificationLinkForHash(env, nip, issueDate, invoiceHash(xmlBytes));
}

/** What KOD II is made of, its signature aside. */
export interface CertificateLinkParts {
  env: KsefEnvironment;
  contextType: ContextIdentifierType;
  contextValue: string;
  sellerNip: string;
  /** Serial number of the issuer's KSeF certificate of type Offline (hex). */
  certificateSerial: string;
  /** The invoice file; or give `invoiceHash`. */
  xmlBytes?: Uint8Array | string;
  /** SHA-256 of the invoice file, Base64URL. */
  invoiceHash?: string;
}

function certificatePath(parts: CertificateLinkParts): string {
  if (!CONTEXT_IDENTIFIER_TYPES.includes(parts.contextType)) {
    throw new RangeError(
      `The context identifier type must be one of ${CONTEXT_IDENTIFIER_TYPES.join(', ')}`,
    );
  }
  if (!/^[\w-]{1,64}$/.test(parts.contextValue)) {
    throw new RangeError('The context identifier value must be 1-64 letters, digits or dashes');
  }
  if (!/^[\dA-Fa-f]{1,64}$/.test(parts.certificateSerial)) {
    throw new RangeError('The certificate serial number must be hexadecimal');
  }
  const hash =
    parts.invoiceHash !== undefined
      ? checkedHash(parts.invoiceHash)
      : parts.xmlBytes !== undefined
        ? invoiceHash(parts.xmlBytes)
        : undefined;
  if (hash === undefined) throw new RangeError('Give the invoice file or its hash');
  return [
    hostOf(parts.env),
    'certificate',
    parts.contextType,
    parts.contextValue,
    checkedNip(parts.sellerNip, 'seller NIP'),
    parts.certificateSerial,
    hash,
  ].join('/');
}

/**
 * The text KOD II signs: the link without `https://` and without the signature
 * (kody-qr.md, "Format podpisu").
 */
export function certificateSigningText(parts: CertificateLinkParts): string {
  return certificatePath(parts);
}

/** KOD II with a signature made elsewhere (Base64URL), e.g. by a hardware token. */
export function offlineCertificateLinkWithSignature(
  parts: CertificateLinkParts,
  signatureBase64Url: string,
): string {
  if (!/^[\w-]+$/.test(signatureBase64Url)) {
    throw new RangeError('The signature must be Base64URL');
  }
  return `https://${certificatePath(parts)}/${signatureBase64Url}`;
}

export interface OfflineCertificateLinkInput extends CertificateLinkParts {
  /** The private key of the KSeF Offline certificate: a KeyObject or PEM (PKCS#8 or PKCS#1/SEC1). */
  privateKey: KeyObject | string;
  /** ECDSA signature encoding: IEEE P1363 r||s (recommended, default) or ASN.1 DER. */
  ecdsaEncoding?: 'ieee-p1363' | 'der';
}

function signingKey(key: KeyObject | string): KeyObject {
  const object = typeof key === 'string' ? createPrivateKey(key) : key;
  if (object.type !== 'private') throw new RangeError('KOD II needs the private key');
  const details = object.asymmetricKeyDetails ?? {};
  if (object.asymmetricKeyType === 'rsa' || object.asymmetricKeyType === 'rsa-pss') {
    if ((details.modulusLength ?? 0) < 2048) {
      throw new RangeError('An RSA key for KOD II must have at least 2048 bits');
    }
  } else if (object.asymmetricKeyType === 'ec') {
    if (details.namedCurve !== 'prime256v1') {
      throw new RangeError('An ECDSA key for KOD II must be on the P-256 curve');
    }
  } else {
    throw new RangeError('KOD II is signed with RSA (RSASSA-PSS) or ECDSA P-256');
  }
  return object;
}

/**
 * KOD II, the offline certificate link: signed with the private key of the issuer's KSeF
 * Offline certificate, RSASSA-PSS (SHA-256, MGF1-SHA-256, 32-byte salt) or ECDSA P-256 with
 * SHA-256, the signature in Base64URL. Throws a RangeError on a wrong part or key.
 */
export function offlineCertificateLink(input: OfflineCertificateLinkInput): string {
  const key = signingKey(input.privateKey);
  const data = Buffer.from(certificatePath(input), 'utf8');
  const signature =
    key.asymmetricKeyType === 'ec'
      ? sign('sha256', data, { key, dsaEncoding: input.ecdsaEncoding ?? 'ieee-p1363' })
      : sign('sha256', data, {
          key,
          padding: constants.RSA_PKCS1_PSS_PADDING,
          saltLength: 32,
        });
  return `https://${certificatePath(input)}/${toBase64Url(signature)}`;
}

/**
 * Whether the signature of a KOD II link is the certificate's (public key or certificate as
 * KeyObject or PEM). Checks the signature only, not the certificate's registration in KSeF.
 * Never throws: a link or key that cannot be read is not verified.
 */
export function verifyOfflineCertificateLink(link: string, publicKey: KeyObject | string): boolean {
  try {
    const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
    if (!link.startsWith('https://')) return false;
    const rest = link.slice('https://'.length);
    const cut = rest.lastIndexOf('/');
    if (cut <= 0) return false;
    const data = Buffer.from(rest.slice(0, cut), 'utf8');
    const signature = Buffer.from(rest.slice(cut + 1), 'base64url');
    if (key.asymmetricKeyType === 'ec') {
      return (
        verify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature) ||
        verify('sha256', data, { key, dsaEncoding: 'der' }, signature)
      );
    }
    return verify(
      'sha256',
      data,
      { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
      signature,
    );
  } catch {
    return false;
  }
}
