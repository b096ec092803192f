import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { Finding } from '../findings.ts';
import { berEncodingError } from './ber-structure.ts';

/** Who signed a CAdES file, from the signing certificate's subject. */
export interface Signer {
  commonName?: string;
  /** Italian fiscal code from the subject serialNumber (`TINIT-…`, `IT:…`), when present. */
  fiscalCode?: string;
  /** The subject serialNumber attribute as written. */
  subjectSerialNumber?: string;
  givenName?: string;
  surname?: string;
  organization?: string;
  country?: string;
  /** Serial number of the certificate, hexadecimal. */
  certificateSerial: string;
  issuerCommonName?: string;
  /** Signing time from the signed attributes, ISO 8601 (UTC) when present. */
  signingTime?: string;
}

export type P7mResult =
  { ok: true; content: Uint8Array; signer: Signer } | { ok: false; findings: Finding[] };

const SIGNED_DATA = '1.2.840.113549.1.7.2';
const SIGNING_TIME = '1.2.840.113549.1.9.5';
const SUBJECT_OIDS: Record<string, keyof Signer> = {
  '2.5.4.3': 'commonName',
  '2.5.4.5': 'subjectSerialNumber',
  '2.5.4.42': 'givenName',
  '2.5.4.4': 'surname',
  '2.5.4.10': 'organization',
  '2.5.4.6': 'country',
};

function unreadable(detail: string): P7mResult {
  return {
    ok: false,
    findings: [
      {
        layer: 'xml',
        code: '00106',
        propertyPath: '',
        message: `The signed file (.p7m) cannot be read: ${detail}`,
        messageIt: `File firmato (.p7m) non leggibile o corrotto: ${detail}`,
      },
    ],
  };
}

function invalidSignature(detail: string): P7mResult {
  return {
    ok: false,
    findings: [
      {
        layer: 'xml',
        code: '00102',
        propertyPath: '',
        message: `The signature does not verify: ${detail}`,
        messageIt: `Firma non valida o file non integro: ${detail}`,
      },
    ],
  };
}

/** DER starts with a SEQUENCE tag; otherwise the file may be base64 (often with CRLF lines). */
function toDer(bytes: Uint8Array): Uint8Array | undefined {
  if (bytes[0] === 0x30) return bytes;
  const text = new TextDecoder('latin1').decode(bytes);
  const body = text.replace(/-----(BEGIN|END)[^-]*-----/g, '').replace(/\s+/g, '');
  if (body.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return undefined;
  const der = Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
  return der[0] === 0x30 ? der : undefined;
}

function octetStringBytes(value: asn1js.OctetString): Uint8Array {
  // BER allows the content to be split into chunks (constructed OCTET STRING).
  if (value.idBlock.isConstructed) {
    const chunks = value.valueBlock.value.map((chunk) =>
      chunk instanceof asn1js.OctetString ? octetStringBytes(chunk) : new Uint8Array(),
    );
    const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const joined = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      joined.set(chunk, offset);
      offset += chunk.length;
    }
    return joined;
  }
  return new Uint8Array(value.valueBlock.valueHexView);
}

function describeSigner(
  certificate: pkijs.Certificate,
  signerInfo: pkijs.SignerInfo | undefined,
): Signer {
  const signer: Signer = {
    certificateSerial: Array.from(certificate.serialNumber.valueBlock.valueHexView, (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join(''),
  };
  for (const typeAndValue of certificate.subject.typesAndValues) {
    const field = SUBJECT_OIDS[typeAndValue.type];
    if (field && field !== 'certificateSerial' && field !== 'signingTime') {
      signer[field] = String(typeAndValue.value.valueBlock.value);
    }
  }
  const issuerName = certificate.issuer.typesAndValues.find((entry) => entry.type === '2.5.4.3');
  if (issuerName) signer.issuerCommonName = String(issuerName.value.valueBlock.value);
  const serial = signer.subjectSerialNumber;
  const fiscalCode = serial
    ? /^(?:TINIT-|IT:|TIN:IT-)?([A-Z0-9]{11,16})$/i.exec(serial)?.[1]
    : undefined;
  if (fiscalCode) signer.fiscalCode = fiscalCode.toUpperCase();
  const signingTime = signerInfo?.signedAttrs?.attributes.find(
    (attr) => attr.type === SIGNING_TIME,
  );
  const time = signingTime?.values[0];
  if (time instanceof asn1js.UTCTime || time instanceof asn1js.GeneralizedTime) {
    signer.signingTime = time.toDate().toISOString();
  }
  return signer;
}

/**
 * Opens a CAdES `.p7m` (DER or base64), returns the signed content and the signer, after
 * verifying the signature over the content (not the certificate chain, which needs the trust
 * list: SDI's own check). The encoding is read strictly, as OpenSSL and SDI read it: any error
 * anywhere in it (a truncated file, a broken end-of-contents marker, bytes after the envelope, a
 * wrong length) makes the file unreadable. Never throws: unreadable files give 00106, a
 * signature that does not verify (content altered after signing) 00102.
 */
export async function openP7m(bytes: Uint8Array): Promise<P7mResult> {
  const der = toDer(bytes);
  if (!der) return unreadable('not a DER or base64 PKCS#7 envelope');
  // asn1js reads what it needs and ignores a broken end (a bad end-of-contents marker, bytes
  // after the envelope); OpenSSL and SDI refuse such a file, and so do we.
  const encodingError = berEncodingError(der);
  if (encodingError) return unreadable(`invalid encoding: ${encodingError}`);
  const asn = asn1js.fromBER(der);
  if (asn.offset !== der.length) return unreadable('invalid ASN.1 structure');
  let signedData: pkijs.SignedData;
  try {
    const contentInfo = new pkijs.ContentInfo({ schema: asn.result });
    if (contentInfo.contentType !== SIGNED_DATA) return unreadable('not a CMS SignedData');
    signedData = new pkijs.SignedData({ schema: contentInfo.content });
  } catch (error) {
    return unreadable(error instanceof Error ? error.message : String(error));
  }
  const eContent = signedData.encapContentInfo.eContent;
  if (!eContent) return unreadable('detached signature: the file does not contain the invoice');
  const content = octetStringBytes(eContent);
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) return unreadable('no signer');
  try {
    const result = await signedData.verify({ signer: 0, checkChain: false, extendedMode: true });
    if (!result.signatureVerified || !result.signerCertificate) {
      return invalidSignature(result.message || 'signature mismatch');
    }
    return { ok: true, content, signer: describeSigner(result.signerCertificate, signerInfo) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return invalidSignature(message);
  }
}

/**
 * True when the bytes are not XML text but a PKCS#7 envelope: DER (a SEQUENCE tag) or base64
 * text. XML always starts with "<" (after an optional BOM and blanks), base64 never does.
 */
export function looksLikeP7m(bytes: Uint8Array): boolean {
  if (bytes[0] === 0x30) return true;
  let index = 0;
  while (
    index < bytes.length &&
    (bytes[index] === 0x20 || bytes[index] === 0x0a || bytes[index] === 0x0d)
  ) {
    index += 1;
  }
  const sample = bytes.subarray(index, index + 64);
  if (sample.length < 4) return false;
  return sample.every(
    (byte) =>
      (byte >= 0x41 && byte <= 0x5a) || // A-Z
      (byte >= 0x61 && byte <= 0x7a) || // a-z
      (byte >= 0x30 && byte <= 0x39) || // 0-9
      byte === 0x2b ||
      byte === 0x2f ||
      byte === 0x3d ||
      byte === 0x0d ||
      byte === 0x0a ||
      byte === 0x2d,
  );
}
