/*
 * The encryption KSeF 2.0 asks of a client, and its reverse on KSeF's side
 * (`docs/uwierzytelnianie.md` §2.2, `docs/sesja-interaktywna.md`, `docs/bezpieczenstwo/`):
 *
 * - a KSeF token travels as `token|timestampMs` (the challenge's timestamp, a nonce) encrypted
 *   with RSAES-OAEP (SHA-256, MGF1-SHA-256) under KSeF's public key, in Base64;
 * - an invoice travels encrypted with AES-256-CBC and PKCS#7 padding under a fresh 256-bit key
 *   and 128-bit IV; the key goes to KSeF once per session, wrapped with the same RSA-OAEP; the IV
 *   is sent beside it (the ciphertext carries no IV prefix: the OpenAPI's example has
 *   `encryptedInvoiceSize` = `invoiceSize` + one block of padding);
 * - hashes are SHA-256 in Base64; KSeF names its keys by the SHA-256 (Base64) of their DER
 *   `SubjectPublicKeyInfo` (`publicKeyId`) and its certificates by that of their DER
 *   (`certificateId`).
 *
 * Node's crypto does it all; the same functions serve the provider's client and the sandbox.
 */
import {
  X509Certificate,
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createPublicKey,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

const OAEP = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' } as const;

/** SHA-256 of the bytes, in Base64 (KSeF's `invoiceHash`, `encryptedInvoiceHash`, UPO digests). */
export function sha256Base64(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('base64');
}

/** A certificate as KSeF publishes it (Base64 DER) or as PEM, as Node's X509Certificate. */
export function certificateOf(certificate: string | Uint8Array): X509Certificate {
  if (typeof certificate !== 'string') return new X509Certificate(certificate);
  if (certificate.includes('-----BEGIN')) return new X509Certificate(certificate);
  return new X509Certificate(Buffer.from(certificate, 'base64'));
}

/** `publicKeyId`: SHA-256 (Base64) of the DER SubjectPublicKeyInfo in the certificate. */
export function publicKeyIdOf(certificate: X509Certificate): string {
  return sha256Base64(certificate.publicKey.export({ type: 'spki', format: 'der' }));
}

/** `certificateId`: SHA-256 (Base64) of the certificate's DER. */
export function certificateIdOf(certificate: X509Certificate): string {
  return sha256Base64(certificate.raw);
}

function publicKeyOf(key: X509Certificate | KeyObject): KeyObject {
  return key instanceof X509Certificate ? key.publicKey : createPublicKey(key);
}

/** RSA-OAEP (SHA-256) encryption under KSeF's public key, Base64. */
export function rsaOaepEncrypt(key: X509Certificate | KeyObject, data: Uint8Array): string {
  return publicEncrypt({ key: publicKeyOf(key), ...OAEP }, data).toString('base64');
}

/** The reverse, on KSeF's side; throws when the data was not encrypted under this key. */
export function rsaOaepDecrypt(privateKeyPem: string, base64: string): Buffer {
  return privateDecrypt({ key: privateKeyPem, ...OAEP }, Buffer.from(base64, 'base64'));
}

/** `encryptedToken` of `/auth/ksef-token`: `token|timestampMs` under KSeF's public key. */
export function encryptKsefToken(
  key: X509Certificate | KeyObject,
  ksefToken: string,
  timestampMs: number,
): string {
  return rsaOaepEncrypt(key, Buffer.from(`${ksefToken}|${timestampMs}`, 'utf8'));
}

/** The symmetric key and IV of one online session. */
export type SessionKey = { key: Buffer; iv: Buffer };

export function newSessionKey(): SessionKey {
  return { key: randomBytes(32), iv: randomBytes(16) };
}

/** AES-256-CBC with PKCS#7 padding (Node's default padding is PKCS#7). */
export function aesEncrypt({ key, iv }: SessionKey, plain: Uint8Array): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

/** The reverse; throws on a wrong key, IV or padding. */
export function aesDecrypt({ key, iv }: SessionKey, encrypted: Uint8Array): Buffer {
  const decipher = createDecipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([decipher.update(encrypted), decipher.final()]);
}

/** Strict Base64 (the standard alphabet, padded): what KSeF's `format: byte` fields carry. */
export function decodeBase64(value: string): Buffer | undefined {
  if (value.length % 4 !== 0) return undefined;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    const letterOrDigit =
      (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    const symbol = code === 43 || code === 47;
    const padding = code === 61 && index >= value.length - 2;
    if (!letterOrDigit && !symbol && !padding) return undefined;
    if (!padding && value.charCodeAt(index - 1) === 61) return undefined;
  }
  return Buffer.from(value, 'base64');
}
