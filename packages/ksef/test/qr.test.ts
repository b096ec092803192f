import { generateKeyPairSync, webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { qrPng, qrSvg } from '../src/qr/image.ts';
import {
  certificateSigningText,
  invoiceHash,
  offlineCertificateLink,
  offlineCertificateLinkWithSignature,
  verificationLink,
  verificationLinkForHash,
  verifyOfflineCertificateLink,
  type CertificateLinkParts,
} from '../src/qr/links.ts';

const ksefSpec = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/spec/ksef',
);
const ksefDocs = (file: string): string => path.join(ksefSpec, 'docs', file);
const ksefSamples = (file: string): string => path.join(ksefSpec, 'samples', file);

// docs/kody-qr.md, KOD I and KOD II examples (TE).
const HASH = 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE';
const KOD_I = `https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/${HASH}`;
const SIGNED_TEXT = `qr-test.ksef.mf.gov.pl/certificate/Nip/1111111111/1111111111/01F20A5D352AE590/${HASH}`;
const SIGNATURE =
  'mSkm_XmM9fq7PgAJwiL32L9ujhyguOEV48cDB0ncemD2r9TMGa3lr0iRoFk588agCi8QPsOuscUY1rZ7ff76STbGquO-gZtQys5_fHdf2HUfDqPqVTnUS6HknBu0zLkyf9ygoW7WbH06Ty_8BgQTlOmJFzNWSt9WZa7tAGuAE9JOooNps-KG2PYkkIP4q4jPMp3FKypAygHVnXtS0RDGgOxhhM7LWtFP7D-dWINbh5yXD8Lr-JVbeOpyQjHa6WmMYavCDQJ3X_Z-iS01LZu2s1B3xuOykl1h0sLObCdADrbxOONsXrvQa61Xt_rxyprVraj2Uf9pANQgR4-12HEcMw';
const KOD_II = `https://${SIGNED_TEXT}/${SIGNATURE}`;
const PARTS: CertificateLinkParts = {
  env: 'TE',
  contextType: 'Nip',
  contextValue: '1111111111',
  sellerNip: '1111111111',
  certificateSerial: '01F20A5D352AE590',
  invoiceHash: HASH,
};

function decodePng(bytes: Uint8Array): { data: string; version: number } | undefined {
  const png = PNG.sync.read(Buffer.from(bytes));
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return found ? { data: found.data, version: found.version } : undefined;
}

/** Draws the rectangles of qrSvg's path (M x y h w v1 ...) at 4 pixels a module and decodes them. */
function decodeSvg(svg: string): string | undefined {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const path = /<path fill="#000" d="([^"]*)"/.exec(svg);
  if (!viewBox || !path) return undefined;
  const scale = 4;
  const width = Number(viewBox[1]) * scale;
  const height = Number(viewBox[2]) * scale;
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const run of (path[1] ?? '').matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    const [x, y, w] = [Number(run[1]), Number(run[2]), Number(run[3])];
    for (let py = y * scale; py < (y + 1) * scale; py += 1) {
      for (let px = x * scale; px < (x + w) * scale; px += 1) {
        pixels.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
      }
    }
  }
  return jsQR(pixels, width, height)?.data;
}

describe('KOD I (kody-qr.md)', () => {
  it('reproduces the documented link from P_1 or DD-MM-YYYY', () => {
    expect(verificationLinkForHash('TE', '1111111111', '2026-02-01', HASH)).toBe(KOD_I);
    expect(verificationLinkForHash('TE', '1111111111', '01-02-2026', HASH)).toBe(KOD_I);
  });

  it('is the link in the Ministry QR images for known and not-yet-known KSeF numbers', () => {
    for (const image of ['qr-ksef.png', 'qr-offline.png']) {
      const decoded = decodePng(readFileSync(ksefDocs(`qr/${image}`)));
      expect(decoded?.data).toBe(KOD_I);
    }
  });

  it('uses the host of each environment', () => {
    const path = `/invoice/1111111111/01-02-2026/${HASH}`;
    expect(verificationLinkForHash('DEMO', '1111111111', '2026-02-01', HASH)).toBe(
      `https://qr-demo.ksef.mf.gov.pl${path}`,
    );
    expect(verificationLinkForHash('PRD', '1111111111', '2026-02-01', HASH)).toBe(
      `https://qr.ksef.mf.gov.pl${path}`,
    );
  });

  it('hashes the file bytes with SHA-256 in Base64URL without padding', () => {
    // FIPS 180-2 test vectors: "" and "abc".
    expect(invoiceHash(new Uint8Array())).toBe('47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU');
    expect(invoiceHash('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    const bytes = readFileSync(ksefSamples('cirfmf-ksef-pdf-generator/invoice.xml'));
    const link = verificationLink('PRD', '5265877635', '2026-02-15', bytes);
    expect(link).toMatch(/^https:\/\/qr\.ksef\.mf\.gov\.pl\/invoice\/5265877635\/15-02-2026\//);
    // One byte more (a trailing newline) is another file: another link.
    const changed = verificationLink(
      'PRD',
      '5265877635',
      '2026-02-15',
      Buffer.concat([bytes, Buffer.from('\n')]),
    );
    expect(changed).not.toBe(link);
  });

  it('refuses a wrong environment, NIP or date with a clear error', () => {
    expect(() => verificationLinkForHash('XX' as 'TE', '1111111111', '2026-02-01', HASH)).toThrow(
      /environment/,
    );
    expect(() => verificationLinkForHash('TE', '111111111', '2026-02-01', HASH)).toThrow(/NIP/);
    expect(() => verificationLinkForHash('TE', '1111111111', '2026-02-30', HASH)).toThrow(/date/);
    expect(() => verificationLinkForHash('TE', '1111111111', '2026-02-01', 'abc')).toThrow(/hash/);
  });
});

describe('KOD I: any input', () => {
  it('gives a link of the documented form or throws a RangeError, nothing else', () => {
    const day = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('2026-02-01', '29-02-2024'));
    const nip = fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^\d{10}$/));
    const env = fc.constantFrom('TE', 'DEMO', 'PRD', 'prd', '');
    fc.assert(
      fc.property(env, nip, day, fc.string(), (environment, seller, issueDate, file) => {
        try {
          const link = verificationLink(environment as 'TE', seller, issueDate, file);
          expect(link).toMatch(
            /^https:\/\/qr(?:-test|-demo)?\.ksef\.mf\.gov\.pl\/invoice\/\d{10}\/\d{2}-\d{2}-\d{4}\/[\w-]{43}$/,
          );
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('KOD II (kody-qr.md)', () => {
  it('signs the documented text and reproduces the documented link and image', () => {
    expect(certificateSigningText(PARTS)).toBe(SIGNED_TEXT);
    expect(offlineCertificateLinkWithSignature(PARTS, SIGNATURE)).toBe(KOD_II);
    expect(decodePng(readFileSync(ksefDocs('qr/qr-cert.png')))?.data).toBe(KOD_II);
  });

  it('signs with RSASSA-PSS (SHA-256, salt 32) that WebCrypto verifies', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const env of ['TE', 'DEMO', 'PRD'] as const) {
      const link = offlineCertificateLink({ ...PARTS, env, privateKey: pem });
      const signed = certificateSigningText({ ...PARTS, env });
      expect(link.startsWith(`https://${signed}/`)).toBe(true);
      const signature = Buffer.from(link.slice(`https://${signed}/`.length), 'base64url');
      expect(signature.length).toBe(256);
      const key = await webcrypto.subtle.importKey(
        'spki',
        publicKey.export({ type: 'spki', format: 'der' }),
        { name: 'RSA-PSS', hash: 'SHA-256' },
        false,
        ['verify'],
      );
      const data = new TextEncoder().encode(signed);
      expect(
        await webcrypto.subtle.verify({ name: 'RSA-PSS', saltLength: 32 }, key, signature, data),
      ).toBe(true);
      expect(verifyOfflineCertificateLink(link, publicKey)).toBe(true);
    }
  });

  it('signs with ECDSA P-256 as r||s (or DER on request), and a changed link fails', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const bytes = readFileSync(ksefSamples('cirfmf-ksef-pdf-generator/invoice.xml'));
    const parts = { ...PARTS, invoiceHash: undefined, xmlBytes: bytes };
    const link = offlineCertificateLink({ ...parts, privateKey });
    const signature = Buffer.from(link.slice(link.lastIndexOf('/') + 1), 'base64url');
    expect(signature.length).toBe(64);
    const key = await webcrypto.subtle.importKey(
      'spki',
      publicKey.export({ type: 'spki', format: 'der' }),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const signed = new TextEncoder().encode(link.slice('https://'.length, link.lastIndexOf('/')));
    expect(
      await webcrypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature, signed),
    ).toBe(true);
    expect(link).toContain(`/${invoiceHash(bytes)}/`);
    expect(verifyOfflineCertificateLink(link, publicKey)).toBe(true);
    expect(
      verifyOfflineCertificateLink(link.replace('/1111111111/', '/2222222222/'), publicKey),
    ).toBe(false);
    const der = offlineCertificateLink({ ...parts, privateKey, ecdsaEncoding: 'der' });
    expect(Buffer.from(der.slice(der.lastIndexOf('/') + 1), 'base64url')[0]).toBe(0x30);
    expect(verifyOfflineCertificateLink(der, publicKey)).toBe(true);
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    expect(verifyOfflineCertificateLink(link, other)).toBe(false);
    expect(verifyOfflineCertificateLink('not a link', publicKey)).toBe(false);
  });

  it('refuses keys the documentation does not allow', () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect(() => offlineCertificateLink({ ...PARTS, privateKey: small })).toThrow(/2048/);
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey;
    expect(() => offlineCertificateLink({ ...PARTS, privateKey: p384 })).toThrow(/P-256/);
    const ed = generateKeyPairSync('ed25519').privateKey;
    expect(() => offlineCertificateLink({ ...PARTS, privateKey: ed })).toThrow(/RSA/);
  });
});

describe('QR images', () => {
  it('PNG decodes back to the link, at the QR version of the Ministry images', async () => {
    const ministry = decodePng(readFileSync(ksefDocs('qr/qr-ksef.png')));
    const ours = decodePng(await qrPng(KOD_I));
    expect(ours).toEqual(ministry);
    const ministryCert = decodePng(readFileSync(ksefDocs('qr/qr-cert.png')));
    expect(decodePng(await qrPng(KOD_II))).toEqual(ministryCert);
  });

  it('SVG decodes back to the link and carries its label', () => {
    const svg = qrSvg(KOD_I, { label: '5265877635-20250826-0100001AF629-AF' });
    expect(decodeSvg(svg)).toBe(KOD_I);
    expect(svg).toContain('>5265877635-20250826-0100001AF629-AF</text>');
    // The 35-character number is fitted inside the image's width.
    const width = Number(/viewBox="0 0 (\d+)/.exec(svg)?.[1]);
    expect(Number(/textLength="([\d.]+)"/.exec(svg)?.[1])).toBeLessThanOrEqual(width);
    expect(qrSvg(KOD_I, { label: 'OFFLINE' })).not.toContain('textLength');
    expect(decodeSvg(qrSvg(KOD_II))).toBe(KOD_II);
    expect(qrSvg('a<b', { label: '<OFFLINE>' })).toContain('&lt;OFFLINE&gt;');
  });

  it('refuses a text too long for any QR code', async () => {
    const long = 'x'.repeat(3000);
    expect(() => qrSvg(long)).toThrow();
    await expect(qrPng(long)).rejects.toThrow();
    expect(QRCode.create(KOD_II, { errorCorrectionLevel: 'M' }).version).toBe(17);
  });
});
