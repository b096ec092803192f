import { createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { SdiMessageError } from './sdi-message-error.ts';

const OID = {
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  commonName: '2.5.4.3',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
};

export interface CertificateSubject {
  country: string;
  organization: string;
  organizationalUnit: string;
  commonName: string;
}

/** The subject of SDI's real signing certificate, marked as a sandbox. */
export const SANDBOX_SDI_SUBJECT: CertificateSubject = {
  country: 'IT',
  organization: 'Fiscus sandbox',
  organizationalUnit: 'Servizi Telematici',
  commonName: 'Sistema Interscambio Fattura PA (sandbox)',
};

export interface SelfSignedOptions {
  subject?: CertificateSubject;
  notBefore?: Date;
  /** Defaults to ten years after notBefore. */
  notAfter?: Date;
}

/** The name as one attribute per RDN (C, O, OU, CN), as CAs write it. */
function distinguishedName(subject: CertificateSubject): pkijs.RelativeDistinguishedNames {
  const rdn = (type: string, value: asn1js.BaseStringBlock) =>
    new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value }).toSchema()] });
  const name = new asn1js.Sequence({
    value: [
      rdn(OID.country, new asn1js.PrintableString({ value: subject.country })),
      rdn(OID.organization, new asn1js.Utf8String({ value: subject.organization })),
      rdn(OID.organizationalUnit, new asn1js.Utf8String({ value: subject.organizationalUnit })),
      rdn(OID.commonName, new asn1js.Utf8String({ value: subject.commonName })),
    ],
  });
  // pkijs writes a name it builds as one multi-valued RDN; one it reads keeps its encoding.
  return pkijs.RelativeDistinguishedNames.fromBER(name.toBER(false));
}

/**
 * A DER serial number from 16 random bytes: positive (DER integers are signed) and with a
 * non-zero first byte, since DER refuses a leading zero byte the next byte does not need
 * ("illegal padding": one certificate in 256 failed to parse before).
 */
export function serialNumber(random: Uint8Array = randomBytes(16)): asn1js.Integer {
  const bytes = new Uint8Array(random);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return new asn1js.Integer({ valueHex: bytes });
}

/** RFC 5280: UTCTime up to 2049, GeneralizedTime from 2050. */
function validityTime(date: Date): pkijs.Time {
  return new pkijs.Time({
    type: date.getUTCFullYear() < 2050 ? pkijs.TimeType.UTCTime : pkijs.TimeType.GeneralizedTime,
    value: date,
  });
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/**
 * Issues a self-signed X.509 v3 certificate (RSA, SHA-256) for the sandbox SDI key, to put in
 * the KeyInfo of signed messages as SDI does with its own certificate. Returns PEM.
 *
 * pkijs writes the structure; node:crypto signs it, so the call stays synchronous (pkijs' own
 * `sign` goes through WebCrypto, which is asynchronous).
 */
export function createSelfSignedSdiCertificate(
  privateKeyPem: string,
  options: SelfSignedOptions = {},
): string {
  let privateKey;
  try {
    privateKey = createPrivateKey(privateKeyPem);
  } catch {
    throw new SdiMessageError(
      'unsupported-key',
      'The SDI signing key is not a readable private key',
    );
  }
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new SdiMessageError('unsupported-key', 'The sandbox SDI certificate needs an RSA key');
  }
  const subject = options.subject ?? SANDBOX_SDI_SUBJECT;
  const notBefore = options.notBefore ?? new Date();
  const notAfter =
    options.notAfter ??
    new Date(
      Date.UTC(notBefore.getUTCFullYear() + 10, notBefore.getUTCMonth(), notBefore.getUTCDate()),
    );
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const algorithm = () =>
    new pkijs.AlgorithmIdentifier({
      algorithmId: OID.sha256WithRsa,
      algorithmParams: new asn1js.Null(),
    });

  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = serialNumber();
  certificate.signature = algorithm();
  certificate.issuer = distinguishedName(subject);
  certificate.subject = distinguishedName(subject);
  certificate.notBefore = validityTime(notBefore);
  certificate.notAfter = validityTime(notAfter);
  certificate.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(toArrayBuffer(spki));
  certificate.extensions = [
    // basicConstraints, critical, cA false.
    new pkijs.Extension({
      extnID: OID.basicConstraints,
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: false }).toSchema().toBER(false),
    }),
    // keyUsage, critical: digitalSignature and nonRepudiation, like SDI's certificate.
    new pkijs.Extension({
      extnID: OID.keyUsage,
      critical: true,
      extnValue: new asn1js.BitString({
        valueHex: new Uint8Array([0xc0]).buffer,
        unusedBits: 6,
      }).toBER(false),
    }),
  ];
  const tbs = new Uint8Array(certificate.encodeTBS().toBER(false));
  certificate.tbsView = tbs;
  certificate.signatureAlgorithm = algorithm();
  certificate.signatureValue = new asn1js.BitString({
    valueHex: toArrayBuffer(sign('sha256', tbs, privateKey)),
  });
  const der = Buffer.from(certificate.toSchema(true).toBER(false));
  const base64 = der.toString('base64').replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE-----\n${base64}-----END CERTIFICATE-----\n`;
}
