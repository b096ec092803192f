/* The wire formats alone: encryption as KSeF specifies it, XAdES signatures and their refusals. */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { makeCertificate, sealSubject } from '../sandbox/certificates.ts';
import { parseQueryDateTime, warsawDay } from '../sandbox/warsaw.ts';
import { authTokenRequestXml, readAuthTokenRequest } from './auth-token-request.ts';
import {
  aesDecrypt,
  aesEncrypt,
  certificateOf,
  decodeBase64,
  encryptKsefToken,
  newSessionKey,
  rsaOaepDecrypt,
} from './ksef-crypto.ts';
import { signXadesEnveloped, verifyXadesEnveloped } from './xades.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const certificatePem = makeCertificate({
  subject: sealSubject('9999999999', 'ABC AGD sp. z o. o.'),
  publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  privateKeyPem,
  validFrom: new Date('2026-01-01T00:00:00Z'),
  validTo: new Date('2027-01-01T00:00:00Z'),
  authority: false,
  usage: 'signature',
});
const signer = { privateKeyPem, certificatePem };
const REQUEST = authTokenRequestXml({
  challenge: '20260302-CR-0123456789-ABCDEF0123-45',
  nip: '9999999999',
});
const SIGNED_AT = new Date('2026-03-02T09:00:00.000Z');

describe('KSeF encryption', () => {
  it('encrypts `token|timestampMs` with RSA-OAEP SHA-256 under the certificate’s key', () => {
    const encrypted = encryptKsefToken(
      certificateOf(certificatePem),
      'TOKEN|nip-1|abc',
      1752236636015,
    );
    expect(rsaOaepDecrypt(privateKeyPem, encrypted).toString('utf8')).toBe(
      'TOKEN|nip-1|abc|1752236636015',
    );
  });

  it('encrypts invoices with AES-256-CBC and PKCS#7: one more block, no IV prefix', () => {
    const key = newSessionKey();
    for (const size of [0, 1, 15, 16, 6480]) {
      const plain = Buffer.alloc(size, 7);
      const encrypted = aesEncrypt(key, plain);
      expect(encrypted.byteLength).toBe((Math.floor(size / 16) + 1) * 16);
      expect(aesDecrypt(key, encrypted).equals(plain)).toBe(true);
    }
    expect(() => aesDecrypt(newSessionKey(), aesEncrypt(key, Buffer.from('x')))).toThrow();
  });

  it('reads strict Base64 only', () => {
    expect(decodeBase64('AAEC')?.toString('hex')).toBe('000102');
    expect(decodeBase64('AA==')?.byteLength).toBe(1);
    for (const bad of ['AAE', 'AA=A', 'A-B_', 'AAEC\n']) expect(decodeBase64(bad)).toBeUndefined();
  });
});

describe('XAdES-BES', () => {
  it('signs enveloped and verifies: the document as signed, the certificate, the signing time', () => {
    const signed = signXadesEnveloped(REQUEST, signer, SIGNED_AT);
    const verified = verifyXadesEnveloped(signed);
    if (!verified.ok) throw new Error(verified.detail);
    expect(verified.signingTime).toEqual(SIGNED_AT);
    expect(verified.certificate.toString()).toBe(certificateOf(certificatePem).toString());
    expect(verified.signedDocument).not.toContain('Signature');
    const read = readAuthTokenRequest(verified.signedDocument);
    expect(read).toEqual({
      ok: true,
      request: {
        challenge: '20260302-CR-0123456789-ABCDEF0123-45',
        context: { type: 'Nip', value: '9999999999' },
        subjectIdentifierType: 'certificateSubject',
      },
    });
  });

  /** A signature made with xml-crypto directly, as another signer might make it. */
  function signedOtherwise(certificateDigest: string): string {
    const properties =
      `<xades:QualifyingProperties xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" Target="#S1">` +
      `<xades:SignedProperties Id="SP1"><xades:SignedSignatureProperties>` +
      `<xades:SigningTime>2026-03-02T10:00:00+01:00</xades:SigningTime><xades:SigningCertificateV2>` +
      `<xades:Cert><xades:CertDigest><DigestMethod xmlns="http://www.w3.org/2000/09/xmldsig#" Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>` +
      `<DigestValue xmlns="http://www.w3.org/2000/09/xmldsig#">${certificateDigest}</DigestValue></xades:CertDigest></xades:Cert>` +
      `</xades:SigningCertificateV2></xades:SignedSignatureProperties></xades:SignedProperties></xades:QualifyingProperties>`;
    const inclusive = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
    const signature = new SignedXml({
      privateKey: privateKeyPem,
      publicCert: certificatePem,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: inclusive,
      objects: [{ content: properties }],
    });
    signature.addReference({
      xpath: '/*',
      isEmptyUri: true,
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', inclusive],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha512',
    });
    signature.addReference({
      xpath: "//*[@Id='SP1']",
      transforms: [inclusive],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha512',
    });
    signature.computeSignature(REQUEST, {
      attrs: { Id: 'S1' },
      location: { reference: '/*', action: 'append' },
    });
    return signature.getSignedXml();
  }

  it('verifies a signature made otherwise: inclusive C14N, no prefix, SHA-512, SigningCertificateV2', () => {
    const digest = createHash('sha256').update(certificateOf(certificatePem).raw).digest('base64');
    const verified = verifyXadesEnveloped(signedOtherwise(digest));
    if (!verified.ok) throw new Error(verified.detail);
    expect(verified.signingTime).toEqual(new Date('2026-03-02T09:00:00Z'));
  });

  it('refuses SignedProperties naming another certificate than KeyInfo’s', () => {
    const verified = verifyXadesEnveloped(
      signedOtherwise(createHash('sha256').update('another').digest('base64')),
    );
    expect(verified).toMatchObject({
      ok: false,
      refusal: 'invalid-signature',
      detail: 'Skrót certyfikatu w SigningCertificate nie odpowiada certyfikatowi podpisu.',
    });
  });

  it('refuses what is not a valid XAdES-BES enveloped signature', () => {
    const signed = signXadesEnveloped(REQUEST, signer, SIGNED_AT);
    const refusal = (xml: string) => {
      const verified = verifyXadesEnveloped(xml);
      return verified.ok ? 'ok' : verified.refusal;
    };
    expect(refusal(REQUEST)).toBe('no-signature');
    expect(refusal('<a>')).toBe('unreadable');
    expect(refusal(`<!DOCTYPE a [<!ENTITY x "y">]>${signed}`)).toBe('unreadable');
    expect(refusal(signed.replace('9999999999', '9999999998'))).toBe('invalid-signature');
    // Its first character changed (to another one: a random key's value may start with 'A').
    const tampered = signed.replace(/<ds:SignatureValue>(.)/, (_match, first: string) =>
      first === 'A' ? '<ds:SignatureValue>B' : '<ds:SignatureValue>A',
    );
    expect(refusal(tampered)).toBe('invalid-signature');
    // The certificate swapped for another: the signature no longer verifies with its key.
    const { privateKey: otherKey, publicKey: otherPublic } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
    });
    const otherPem = makeCertificate({
      subject: sealSubject('9999999999', 'ABC'),
      publicKeyPem: otherPublic.export({ type: 'spki', format: 'pem' }).toString(),
      privateKeyPem: otherKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      validFrom: SIGNED_AT,
      validTo: new Date('2027-01-01T00:00:00Z'),
      authority: false,
      usage: 'signature',
    });
    const base64 = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s/g, '');
    expect(refusal(signed.replace(base64(certificatePem), base64(otherPem)))).toBe(
      'invalid-signature',
    );
    // Two signatures; a signature that is not a child of the root.
    const twice = signXadesEnveloped(signed, signer, SIGNED_AT);
    expect(refusal(twice)).toBe('too-many-signatures');
    const wrapped = signed
      .replace('<ds:Signature', '<Holder><ds:Signature')
      .replace('</ds:Signature>', '</ds:Signature></Holder>');
    expect(refusal(wrapped)).toBe('invalid-document');
  });
});

describe('Warsaw time', () => {
  it('dates KSeF numbers on the Polish day and reads offset-less query dates as Warsaw time', () => {
    expect(warsawDay(new Date('2026-03-01T23:30:00Z'))).toBe('20260302');
    expect(warsawDay(new Date('2026-07-01T21:59:59Z'))).toBe('20260701');
    expect(warsawDay(new Date('2026-07-01T22:00:00Z'))).toBe('20260702');
    expect(parseQueryDateTime('2026-01-15T12:00:00')?.toISOString()).toBe(
      '2026-01-15T11:00:00.000Z',
    );
    expect(parseQueryDateTime('2026-07-15T12:00:00')?.toISOString()).toBe(
      '2026-07-15T10:00:00.000Z',
    );
    expect(parseQueryDateTime('2026-07-15T12:00:00Z')?.toISOString()).toBe(
      '2026-07-15T12:00:00.000Z',
    );
    expect(parseQueryDateTime('2026-03-29T03:30:00')?.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(parseQueryDateTime('not a date')).toBeUndefined();
  });
});
