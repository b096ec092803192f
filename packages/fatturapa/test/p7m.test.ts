import { webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { openP7m } from '../src/p7m/p7m.ts';
import { parseInvoice } from '../src/parse.ts';
import { realworldSamples } from './corpus-paths.ts';

const netSamples = path.join(realworldSamples, 'FatturaElettronica__FatturaElettronica.NET');
const ocaSamples = path.join(realworldSamples, 'OCA__l10n-italy/16.0/l10n_it_fatturapa_in');

describe('CAdES .p7m', () => {
  it('extracts the invoice of a DER .p7m and reports the signer', async () => {
    const result = await parseInvoice(
      readFileSync(path.join(ocaSamples, 'IT01234567890_FPR03.xml.p7m')),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    expect(result.format).toBe('FPR12');
    expect(result.signer?.commonName).toBe('CORATO SERGIO');
    expect(result.signer?.certificateSerial).toMatch(/^[0-9a-f]+$/);
    const plain = await parseInvoice(
      readFileSync(path.join(ocaSamples, 'IT01234567890_FPR03.xml')),
    );
    expect(plain.ok && plain.invoice).toEqual(result.invoice);
  });

  it.each(['IT02182030391_31.Base64.xml.p7m', 'IT02182030391_31.Base64.CRLF.xml.p7m'])(
    'reads the base64 envelope %s',
    async (name) => {
      const result = await parseInvoice(readFileSync(path.join(netSamples, name)));
      if (!result.ok) throw new Error(JSON.stringify(result.findings));
      expect(result.signer?.commonName).toBe('GARDINI STEFANO');
      expect(result.signer?.fiscalCode).toMatch(/^[A-Z0-9]{16}$/);
    },
  );

  it('opens a signed non-invoice and returns its content', async () => {
    const result = await openP7m(
      new Uint8Array(
        readFileSync(path.join(realworldSamples, 'Truelite__python-a38/test.txt.p7m')),
      ),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    expect(new TextDecoder().decode(result.content).length).toBeGreaterThan(0);
  });

  it('a non-invoice inside a valid envelope is not an invoice', async () => {
    const result = await parseInvoice(
      readFileSync(path.join(realworldSamples, 'Truelite__python-a38/test.txt.p7m')),
    );
    expect(result.ok).toBe(false);
  });
});

describe('nested envelopes', () => {
  /** Signs `content` in a CAdES-like CMS SignedData with a throw-away self-signed certificate. */
  async function sign(content: Uint8Array, commonName: string): Promise<Uint8Array> {
    const algorithm = {
      name: 'RSASSA-PKCS1-v1_5',
      hash: 'SHA-256',
      publicExponent: new Uint8Array([1, 0, 1]),
      modulusLength: 2048,
    };
    const keys = (await webcrypto.subtle.generateKey(algorithm, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    const certificate = new pkijs.Certificate();
    certificate.version = 2;
    certificate.serialNumber = new asn1js.Integer({ value: 42 });
    const name = new pkijs.AttributeTypeAndValue({
      type: '2.5.4.3',
      value: new asn1js.Utf8String({ value: commonName }),
    });
    certificate.subject.typesAndValues.push(name);
    certificate.issuer.typesAndValues.push(name);
    certificate.notBefore.value = new Date('2024-01-01T00:00:00Z');
    certificate.notAfter.value = new Date('2034-01-01T00:00:00Z');
    await certificate.subjectPublicKeyInfo.importKey(keys.publicKey);
    await certificate.sign(keys.privateKey, 'SHA-256');
    const signedData = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: '1.2.840.113549.1.7.1',
        eContent: new asn1js.OctetString({ valueHex: content }),
      }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({
            issuer: certificate.issuer,
            serialNumber: certificate.serialNumber,
          }),
        }),
      ],
      certificates: [certificate],
    });
    await signedData.sign(keys.privateKey, 0, 'SHA-256');
    const envelope = new pkijs.ContentInfo({
      contentType: '1.2.840.113549.1.7.2',
      content: signedData.toSchema(true),
    });
    return new Uint8Array(envelope.toSchema().toBER(false));
  }

  it('opens a .p7m signed again inside another .p7m and reports the outer signer', async () => {
    const xml = readFileSync(path.join(ocaSamples, 'IT01234567890_FPR03.xml'));
    const inner = await sign(new Uint8Array(xml), 'Inner Signer');
    const outer = await sign(inner, 'Outer Signer');
    const result = await parseInvoice(outer);
    if (!result.ok) throw new Error(JSON.stringify(result.findings));
    expect(result.signer?.commonName).toBe('Outer Signer');
    expect(result.format).toBe('FPR12');
  });

  it('rejects an envelope whose content was changed after signing (00102)', async () => {
    const signed = await sign(new TextEncoder().encode('<a>original content</a>'), 'Signer');
    const at = Buffer.from(signed).indexOf('original');
    signed[at] = 0x4f; // 'O'
    const result = await parseInvoice(signed);
    expect(result.ok ? [] : result.findings.map((finding) => finding.code)).toEqual(['00102']);
  });
});
