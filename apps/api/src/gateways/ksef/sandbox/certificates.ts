/*
 * X.509 for the sandbox: the self-signed certificate of KSeF's encryption key, the sandbox CA,
 * and the test certificates it issues to taxpayers. Node's crypto makes the RSA keys and checks
 * certificates but cannot write one; node-forge (pure JS) writes and signs them.
 *
 * A test certificate is a company seal as Polish qualified seals carry their identity
 * (`docs/auth/podpis-xades.md`): organizationIdentifier (OID 2.5.4.97) `VATPL-<NIP>`, the
 * company as commonName and organizationName, countryName PL, and serialNumber `TINPL-<NIP>`.
 */
import { generateKeyPair, randomBytes, type X509Certificate } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';

const generateRsa = promisify(generateKeyPair);

export const ORGANIZATION_IDENTIFIER_OID = '2.5.4.97';
const SERIAL_NUMBER_OID = '2.5.4.5';

export type KeyAndCertificate = { privateKeyPem: string; certificatePem: string };

export async function newRsaKey(): Promise<{ privateKeyPem: string; publicKeyPem: string }> {
  const { privateKey, publicKey } = await generateRsa('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

type Attribute = { name?: string; type?: string; value: string; valueTagClass?: number };

/** A positive serial number of 16 random bytes, as CAs draw them. */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

function utf8(type: string, value: string): Attribute {
  return { type, value: forge.util.encodeUtf8(value), valueTagClass: forge.asn1.Type.UTF8 };
}

export function caSubject(): Attribute[] {
  return [
    { name: 'countryName', value: 'PL' },
    { name: 'organizationName', value: 'Fiscus KSeF sandbox' },
    { name: 'commonName', value: 'KSeF Sandbox Test CA' },
  ];
}

export function encryptionKeySubject(): Attribute[] {
  return [
    { name: 'countryName', value: 'PL' },
    { name: 'organizationName', value: 'Fiscus KSeF sandbox' },
    { name: 'commonName', value: 'KSeF Sandbox Encryption' },
  ];
}

/** The subject of a test company seal for the NIP. */
export function sealSubject(nip: string, companyName: string): Attribute[] {
  return [
    { name: 'countryName', value: 'PL' },
    utf8('2.5.4.10', companyName),
    utf8(ORGANIZATION_IDENTIFIER_OID, `VATPL-${nip}`),
    utf8(SERIAL_NUMBER_OID, `TINPL-${nip}`),
    utf8('2.5.4.3', companyName),
  ];
}

type CertificateInput = {
  subject: Attribute[];
  publicKeyPem: string;
  /** The issuer's certificate and key; none: self-signed with the subject's own key. */
  issuer?: KeyAndCertificate;
  /** The subject's own key, for a self-signed certificate. */
  privateKeyPem?: string;
  validFrom: Date;
  validTo: Date;
  authority: boolean;
  usage: 'ca' | 'signature' | 'encryption';
};

/** Writes and signs (SHA-256 with RSA) a certificate. */
export function makeCertificate(input: CertificateInput): string {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(input.publicKeyPem);
  certificate.serialNumber = serialNumber();
  certificate.validity.notBefore = input.validFrom;
  certificate.validity.notAfter = input.validTo;
  certificate.setSubject(input.subject);
  const signerKeyPem = input.issuer?.privateKeyPem ?? input.privateKeyPem;
  if (!signerKeyPem) throw new Error('A certificate needs its signer’s key');
  certificate.setIssuer(
    input.issuer
      ? forge.pki.certificateFromPem(input.issuer.certificatePem).subject.attributes
      : input.subject,
  );
  const keyUsage =
    input.usage === 'ca'
      ? { name: 'keyUsage', critical: true, keyCertSign: true, cRLSign: true }
      : input.usage === 'signature'
        ? { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true }
        : { name: 'keyUsage', critical: true, keyEncipherment: true, dataEncipherment: true };
  certificate.setExtensions([
    { name: 'basicConstraints', critical: true, cA: input.authority },
    keyUsage,
    { name: 'subjectKeyIdentifier' },
  ]);
  const signerKey = forge.pki.privateKeyFromPem(signerKeyPem) as forge.pki.rsa.PrivateKey;
  certificate.sign(signerKey, forge.md.sha256.create());
  return forge.pki.certificateToPem(certificate);
}

/** What a certificate's subject says its holder is, read as KSeF reads it. */
export type SubjectIdentity = {
  /** From organizationIdentifier `VATPL…` (a seal) or serialNumber `TINPL…`/`NIP…`. */
  nip: string | undefined;
  /** From serialNumber `PNOPL…`/`PESEL…` (a person). */
  pesel: string | undefined;
  /** A company seal (organizationIdentifier) or a person's signature. */
  kind: 'seal' | 'personal';
};

/** The first run of `length` digits after `prefix` (KSeF's `(PREFIX).*?(\d{length})`). */
function digitsAfter(
  value: string,
  prefixes: readonly string[],
  length: number,
): string | undefined {
  for (const prefix of prefixes) {
    const start = value.indexOf(prefix);
    if (start === -1) continue;
    let run = '';
    for (const character of value.slice(start + prefix.length)) {
      run = character >= '0' && character <= '9' ? run + character : '';
      if (run.length === length) return run;
    }
  }
  return undefined;
}

/** Reads the holder's NIP or PESEL from the subject (`docs/auth/podpis-xades.md`). */
export function subjectIdentity(certificate: X509Certificate): SubjectIdentity {
  const parsed = forge.pki.certificateFromPem(certificate.toString());
  const values = (oid: string) =>
    parsed.subject.attributes
      .filter((attribute) => attribute.type === oid)
      .map((attribute) => forge.util.decodeUtf8(String(attribute.value)));
  const organization = values(ORGANIZATION_IDENTIFIER_OID);
  const serials = values(SERIAL_NUMBER_OID);
  const sealNip = organization
    .map((value) => digitsAfter(value, ['VATPL'], 10))
    .find((nip) => nip !== undefined);
  const personalNip = serials
    .map((value) => digitsAfter(value, ['TINPL', 'NIP'], 10))
    .find((nip) => nip !== undefined);
  const pesel = serials
    .map((value) => digitsAfter(value, ['PNOPL', 'PESEL'], 11))
    .find((value) => value !== undefined);
  return {
    nip: sealNip ?? personalNip,
    pesel,
    kind: organization.length > 0 ? 'seal' : 'personal',
  };
}

/** Whether `certificate` was issued and signed by `authority`, and is valid at `now`. */
export function trustedBy(
  certificate: X509Certificate,
  authority: X509Certificate,
  now: Date,
): { trusted: true } | { trusted: false; detail: string } {
  if (!certificate.checkIssued(authority) || !certificate.verify(authority.publicKey)) {
    return { trusted: false, detail: 'Niezaufany łańcuch certyfikatów.' };
  }
  const from = new Date(certificate.validFrom);
  const to = new Date(certificate.validTo);
  if (now < from || now > to) return { trusted: false, detail: 'Nieważny certyfikat.' };
  return { trusted: true };
}
