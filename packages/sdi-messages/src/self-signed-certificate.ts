import { createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto';
import { SdiMessageError } from './sdi-message-error.ts';

// A minimal DER writer, enough for one X.509 v3 certificate: node:crypto can read and check
// certificates but not issue them, and the sandbox only needs a self-signed one for its SDI key.

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);
}

const sequence = (...items: Buffer[]): Buffer => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]): Buffer => tlv(0x31, Buffer.concat(items));
const explicit = (tagNumber: number, content: Buffer): Buffer => tlv(0xa0 | tagNumber, content);
const nullValue = (): Buffer => Buffer.from([0x05, 0x00]);

function integer(bytes: Buffer): Buffer {
  // DER integers are signed: a leading 1 bit would make the serial negative.
  const positive = (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes;
  return tlv(0x02, positive);
}

function objectIdentifier(oid: string): Buffer {
  const [first = 0, second = 0, ...rest] = oid.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const chunk: number[] = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) {
      chunk.unshift(0x80 | (value & 0x7f));
    }
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  // RFC 5280: UTCTime up to 2049, GeneralizedTime from 2050.
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`, 'ascii'))
    : tlv(0x18, Buffer.from(`${iso}Z`, 'ascii'));
}

const OID = {
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  commonName: '2.5.4.3',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
};

function name(subject: CertificateSubject): Buffer {
  const attribute = (oid: string, value: Buffer): Buffer =>
    set(sequence(objectIdentifier(oid), value));
  return sequence(
    attribute(OID.country, tlv(0x13, Buffer.from(subject.country, 'ascii'))),
    attribute(OID.organization, tlv(0x0c, Buffer.from(subject.organization, 'utf8'))),
    attribute(OID.organizationalUnit, tlv(0x0c, Buffer.from(subject.organizationalUnit, 'utf8'))),
    attribute(OID.commonName, tlv(0x0c, Buffer.from(subject.commonName, 'utf8'))),
  );
}

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

/**
 * Issues a self-signed X.509 v3 certificate (RSA, SHA-256) for the sandbox SDI key, to put in
 * the KeyInfo of signed messages as SDI does with its own certificate. Returns PEM.
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
  const algorithm = sequence(objectIdentifier(OID.sha256WithRsa), nullValue());
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const extensions = explicit(
    3,
    sequence(
      // basicConstraints, critical, cA false (an empty SEQUENCE).
      sequence(
        objectIdentifier(OID.basicConstraints),
        tlv(0x01, Buffer.from([0xff])),
        tlv(0x04, sequence()),
      ),
      // keyUsage, critical: digitalSignature and nonRepudiation, like SDI's certificate.
      sequence(
        objectIdentifier(OID.keyUsage),
        tlv(0x01, Buffer.from([0xff])),
        tlv(0x04, tlv(0x03, Buffer.from([0x06, 0xc0]))),
      ),
    ),
  );
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(randomBytes(16)),
    algorithm,
    name(subject),
    sequence(time(notBefore), time(notAfter)),
    name(subject),
    spki,
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(
    tbs,
    algorithm,
    tlv(0x03, Buffer.concat([Buffer.from([0]), signature])),
  );
  const base64 = certificate.toString('base64').replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE-----\n${base64}-----END CERTIFICATE-----\n`;
}
