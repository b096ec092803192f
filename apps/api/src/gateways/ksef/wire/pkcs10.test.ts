/*
 * PKCS#10 requests as KSeF reads them: the OpenAPI's own example (RSASSA-PSS) read and
 * verified, requests made here (EC P-256, RSA 2048) read back, and each refusal as KSeF
 * names it (format or signature, key, algorithm).
 */
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { bitString, derNull, oid, readWhole, sequence, childrenOf } from './der.ts';
import { makeCsr, nameKey, readCsr, SUBJECT_OIDS, type NameAttribute } from './pkcs10.ts';

const KSEF = resolve(import.meta.dirname, '../../../../../../../shared/spec/ksef');

/** The example body of `POST /certificates/enrollments` in the official OpenAPI. */
function officialExampleCsr(): Buffer {
  const api = JSON.parse(readFileSync(resolve(KSEF, 'api/open-api.json'), 'utf8')) as {
    paths: Record<
      string,
      { post: { requestBody: { content: Record<string, { example: { csr: string } }> } } }
    >;
  };
  const example =
    api.paths['/certificates/enrollments']?.post.requestBody.content['application/json']?.example;
  if (!example) throw new Error('no example');
  return Buffer.from(example.csr, 'base64');
}

const SEAL: NameAttribute[] = [
  { oid: SUBJECT_OIDS.countryName, value: 'PL' },
  { oid: SUBJECT_OIDS.organizationName, value: 'Zakład Łódzki Sp. z o.o.' },
  { oid: SUBJECT_OIDS.organizationIdentifier, value: 'VATPL-5265877635' },
  { oid: SUBJECT_OIDS.serialNumber, value: 'TINPL-5265877635' },
  { oid: SUBJECT_OIDS.commonName, value: 'Zakład Łódzki Sp. z o.o.' },
];

describe('PKCS#10 requests (KSeF certificates)', () => {
  it('reads and verifies the OpenAPI example (RSA 2048, RSASSA-PSS SHA-256)', () => {
    const read = readCsr(officialExampleCsr());
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.keyType).toBe('RSA 2048');
    expect(read.subject).toEqual([
      { oid: SUBJECT_OIDS.commonName, value: 'Firma Kowalski Certyfikat' },
      { oid: SUBJECT_OIDS.organizationName, value: 'Firma Kowalski Sp. z o.o.' },
      { oid: SUBJECT_OIDS.organizationIdentifier, value: '7762811692' },
      { oid: SUBJECT_OIDS.countryName, value: 'PL' },
      { oid: SUBJECT_OIDS.serialNumber, value: 'ABC123456789' },
      { oid: SUBJECT_OIDS.uniqueIdentifier, value: 'd9d22724-4696-460c-9e5e-b9e3aafb0af3' },
    ]);
  });

  it('makes EC P-256 and RSA 2048 requests that read back with their subject and key', () => {
    const pairs = [
      ['EC P-256', generateKeyPairSync('ec', { namedCurve: 'P-256' })],
      ['RSA 2048', generateKeyPairSync('rsa', { modulusLength: 2048 })],
    ] as const;
    for (const [keyType, { privateKey, publicKey }] of pairs) {
      const read = readCsr(makeCsr(SEAL, privateKey));
      expect(read.ok).toBe(true);
      if (!read.ok) continue;
      expect(read.subject).toEqual(SEAL);
      expect(read.publicKey.equals(publicKey)).toBe(true);
      expect(read.keyType).toBe(keyType);
    }
  });

  it('writes what node-forge reads (an RSA request: subject and signature)', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const der = makeCsr(SEAL, privateKey);
    const request = forge.pki.certificationRequestFromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary'))),
    );
    expect(request.verify()).toBe(true);
    expect(forge.util.decodeUtf8(String(request.subject.getField('CN')?.value))).toBe(
      'Zakład Łódzki Sp. z o.o.',
    );
  });

  it('refuses a tampered signature, a key KSeF does not take and an algorithm it does not allow', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const good = makeCsr(SEAL, ec);
    const tampered = Buffer.from(good);
    tampered[tampered.length - 5] = (tampered[tampered.length - 5] ?? 0) ^ 0x01;
    expect(readCsr(tampered)).toMatchObject({ ok: false, refusal: 'format' });
    expect(readCsr(Buffer.from('not a request'))).toMatchObject({ ok: false, refusal: 'format' });
    expect(readCsr(Buffer.concat([good, Buffer.from([0])]))).toMatchObject({
      ok: false,
      refusal: 'format',
    });

    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey;
    expect(readCsr(makeCsr(SEAL, p384))).toMatchObject({ ok: false, refusal: 'key' });
    const rsa1024 = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect(readCsr(makeCsr(SEAL, rsa1024))).toMatchObject({ ok: false, refusal: 'key' });

    // The same request info signed with RSA and MD5 (1.2.840.113549.1.1.4): not allowed.
    const rsa = createPrivateKey(
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
      }),
    );
    const [info] = childrenOf(readWhole(makeCsr(SEAL, rsa)));
    if (!info) throw new Error('no info');
    const md5 = sequence(
      info.raw,
      sequence(oid('1.2.840.113549.1.1.4'), derNull()),
      bitString(sign('md5', info.raw, rsa)),
    );
    expect(readCsr(md5)).toMatchObject({ ok: false, refusal: 'algorithm' });
  });

  it('compares subjects whatever their order', () => {
    expect(nameKey([...SEAL].reverse())).toEqual(nameKey(SEAL));
    expect(nameKey(SEAL.slice(1))).not.toEqual(nameKey(SEAL));
  });
});
