import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSelfSignedSdiCertificate, serialNumber } from './self-signed-certificate.ts';
import { SdiMessageError } from './sdi-message-error.ts';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keyPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

describe('createSelfSignedSdiCertificate', () => {
  it('issues a certificate that signs itself, with SDI sandbox subject, one attribute per RDN', () => {
    const certificate = new X509Certificate(createSelfSignedSdiCertificate(keyPem));
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.subject.split('\n')).toEqual([
      'C=IT',
      'O=Fiscus sandbox',
      'OU=Servizi Telematici',
      'CN=Sistema Interscambio Fattura PA (sandbox)',
    ]);
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.serialNumber).toMatch(/^[4-7][0-9A-F]{31}$/);
    expect(certificate.ca).toBe(false);
  });

  it('writes serial numbers as minimal positive DER integers, whatever the random bytes', () => {
    // Random bytes starting 0x00 0x01 made a needless leading zero byte, which DER refuses.
    for (const first of [
      [0x00, 0x01],
      [0x00, 0x80],
      [0x80, 0x00],
      [0xff, 0xff],
    ]) {
      const random = new Uint8Array(16);
      random.set(first);
      const der = new Uint8Array(serialNumber(random).toBER(false));
      // tag 0x02, length 16, a first content byte between 0x40 and 0x7f.
      expect([der[0], der[1]]).toEqual([0x02, 16]);
      expect(der[2]).toBeGreaterThanOrEqual(0x40);
      expect(der[2]).toBeLessThanOrEqual(0x7f);
    }
  });

  it('writes validity dates from 2050 on as GeneralizedTime', () => {
    const certificate = new X509Certificate(
      createSelfSignedSdiCertificate(keyPem, {
        notBefore: new Date('2045-01-01T00:00:00Z'),
        notAfter: new Date('2055-01-01T00:00:00Z'),
      }),
    );
    expect(new Date(certificate.validFrom).toISOString()).toBe('2045-01-01T00:00:00.000Z');
    expect(new Date(certificate.validTo).toISOString()).toBe('2055-01-01T00:00:00.000Z');
  });

  it('refuses a key that is not RSA', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const pem = ec.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => createSelfSignedSdiCertificate(pem)).toThrow(SdiMessageError);
  });
});
