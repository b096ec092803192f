/*
 * The sandbox CA issuing KSeF certificates (`docs/certyfikaty-KSeF.md`) for the requests
 * `/certificates/enrollments` accepted: the request's subject and public key (RSA 2048 or EC
 * P-256), a 64-bit serial number (KSeF's are 16 hex digits), keyUsage as KSeF sets it —
 * digitalSignature for `Authentication`, nonRepudiation for `Offline` — signed by the sandbox
 * CA (RSA, SHA-256). node-forge writes RSA certificates only, so these are written with
 * `wire/der.ts` and signed with Node's crypto.
 */
import { randomBytes, sign, type X509Certificate } from 'node:crypto';
import {
  bitString,
  derBoolean,
  derNull,
  element,
  expectConstructed,
  octetString,
  oid,
  readWhole,
  sequence,
  smallInteger,
  TAG,
  time,
  unsignedInteger,
  contextTag,
  type DerElement,
} from '../wire/der.ts';
import { keyIdentifier, readName, type NameAttribute } from '../wire/pkcs10.ts';

export type KsefCertificateType = 'Authentication' | 'Offline';

/** A fresh KSeF serial number: 8 random bytes, the first 01-7F (positive, 16 hex digits). */
export function newSerialNumber(): string {
  const bytes = randomBytes(8);
  bytes[0] = ((bytes[0] ?? 0) % 0x7f) + 1;
  return bytes.toString('hex').toUpperCase();
}

/** The fields of a certificate's TBSCertificate (version present or not). */
function tbsFields(certificateDer: Buffer): DerElement[] {
  const [tbs] = expectConstructed(readWhole(certificateDer), TAG.sequence);
  const fields = expectConstructed(tbs, TAG.sequence);
  return fields[0]?.tag === contextTag(0) ? fields.slice(1) : fields;
}

/** The subject Name of a certificate, exactly as encoded. */
export function subjectNameDer(certificateDer: Buffer): Buffer {
  const subject = tbsFields(certificateDer)[4];
  if (!subject) throw new Error('Certificate without a subject');
  return Buffer.from(subject.raw);
}

/** The attributes of a certificate's subject. */
export function subjectAttributes(certificateDer: Buffer): NameAttribute[] {
  const subject = tbsFields(certificateDer)[4];
  if (!subject) throw new Error('Certificate without a subject');
  return readName(subject);
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return sequence(oid(id), ...(critical ? [derBoolean(true)] : []), octetString(value));
}

export type IssueInput = {
  type: KsefCertificateType;
  serialNumber: string;
  /** The subject Name (DER) and SubjectPublicKeyInfo (DER), as the request gave them. */
  subjectDer: Buffer;
  publicKeyDer: Buffer;
  validFrom: Date;
  validTo: Date;
  issuer: { certificate: X509Certificate; privateKeyPem: string };
};

/** Writes and signs a KSeF certificate; returns its DER. */
export function issueKsefCertificate(input: IssueInput): Buffer {
  const issuerDer = input.issuer.certificate.raw;
  const issuerSpki = input.issuer.certificate.publicKey.export({ type: 'spki', format: 'der' });
  const keyUsage =
    input.type === 'Authentication'
      ? bitString(Buffer.from([0x80]), 7) // digitalSignature (80)
      : bitString(Buffer.from([0x40]), 6); // nonRepudiation (40)
  const signatureAlgorithm = sequence(oid('1.2.840.113549.1.1.11'), derNull());
  const tbs = sequence(
    element(contextTag(0), smallInteger(2)),
    unsignedInteger(Buffer.from(input.serialNumber, 'hex')),
    signatureAlgorithm,
    subjectNameDer(issuerDer),
    sequence(time(input.validFrom), time(input.validTo)),
    input.subjectDer,
    input.publicKeyDer,
    element(
      contextTag(3),
      sequence(
        extension('2.5.29.19', true, sequence()),
        extension('2.5.29.15', true, keyUsage),
        extension('2.5.29.14', false, octetString(keyIdentifier(input.publicKeyDer))),
        extension(
          '2.5.29.35',
          false,
          sequence(element(contextTag(0, false), keyIdentifier(issuerSpki))),
        ),
      ),
    ),
  );
  const signature = sign('sha256', tbs, input.issuer.privateKeyPem);
  return sequence(tbs, signatureAlgorithm, bitString(signature));
}
