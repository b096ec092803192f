import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli.ts';
import { openP7m } from '../src/p7m/p7m.ts';
import { parseInvoice } from '../src/parse.ts';
import { validateInvoice } from '../src/validate.ts';
import { listFiles, officialSamples, realworldSamples } from './corpus-paths.ts';

/**
 * Envelopes signed in streaming mode (`openssl cms -sign -stream`: BER with indefinite lengths),
 * then broken after the signed content. A lenient ASN.1 reader still finds the content and a
 * good signature in them; OpenSSL and SDI refuse them, and so must we (00106).
 */

const FPR01 = path.join(officialSamples, 'v1.2.2/IT01234567890_FPR01.xml');
const fixture = path.join(import.meta.dirname, 'fixtures/p7m/IT01234567890_FPR01.streamed.xml.p7m');
const hasOpenssl = spawnSync('openssl', ['version']).status === 0;

const END_OF_INVOICE = new TextEncoder().encode('</p:FatturaElettronica>');

/** The index just after the signed invoice's last byte inside the envelope. */
function afterContent(envelope: Uint8Array): number {
  const at = Buffer.from(envelope).indexOf(END_OF_INVOICE);
  if (at === -1) throw new Error('no invoice in the envelope');
  let end = at + END_OF_INVOICE.length;
  while (envelope[end] === 0x0a || envelope[end] === 0x0d) end += 1;
  return end;
}

/** The certificate: the first definite SEQUENCE with a two-byte length after the content. */
function certificateAt(envelope: Uint8Array): number {
  const at = Buffer.from(envelope).indexOf(Buffer.from([0x30, 0x82]), afterContent(envelope));
  if (at === -1) throw new Error('no certificate');
  return at;
}

const breaks: [string, (envelope: Uint8Array) => Uint8Array][] = [
  ['truncated by one byte', (e) => e.slice(0, -1)],
  ['truncated before the final end-of-contents', (e) => e.slice(0, -2)],
  ['truncated inside the signature', (e) => e.slice(0, -40)],
  ['truncated after the signed content', (e) => e.slice(0, afterContent(e))],
  [
    'a malformed final end-of-contents (00 01)',
    (e) => {
      const broken = e.slice();
      broken[broken.length - 1] = 0x01;
      return broken;
    },
  ],
  [
    'a malformed end-of-contents right after the signed content',
    (e) => {
      const broken = e.slice();
      const at = afterContent(e);
      expect([broken[at], broken[at + 1]]).toEqual([0, 0]);
      broken[at + 1] = 0x01;
      return broken;
    },
  ],
  ['trailing garbage', (e) => Uint8Array.from([...e, 0x01, 0x02, 0x03])],
  ['an extra end-of-contents after the envelope', (e) => Uint8Array.from([...e, 0x00, 0x00])],
  [
    "the certificate's length one byte longer",
    (e) => {
      const broken = e.slice();
      const at = certificateAt(e);
      broken[at + 3] = ((broken[at + 3] ?? 0) + 1) & 0xff;
      return broken;
    },
  ],
  [
    "the certificate's length one byte shorter",
    (e) => {
      const broken = e.slice();
      const at = certificateAt(e);
      broken[at + 3] = ((broken[at + 3] ?? 0) - 1) & 0xff;
      return broken;
    },
  ],
  [
    'a length past the end of the file',
    (e) => {
      const broken = e.slice();
      const at = certificateAt(e);
      broken[at + 2] = 0xff;
      return broken;
    },
  ],
];

function codes(findings: { layer: string; code: string }[]): string[] {
  return findings.map((finding) => `${finding.layer}:${finding.code}`);
}

describe('a .p7m signed in streaming mode (BER, indefinite lengths)', () => {
  const envelope = new Uint8Array(readFileSync(fixture));

  it('is read: the invoice, the signer, no finding', async () => {
    const parsed = await parseInvoice(envelope);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.findings));
    expect(parsed.signer?.commonName).toBe('Fiscus Test Signer');
    const plain = await parseInvoice(readFileSync(FPR01));
    expect(plain.ok && plain.invoice).toEqual(parsed.invoice);
    const validated = await validateInvoice(envelope, { layers: ['schema'] });
    expect(validated.findings).toEqual([]);
  });

  it.each(breaks)('%s: unreadable (00106)', async (_name, breakIt) => {
    const broken = breakIt(envelope);
    const opened = await openP7m(broken);
    expect(opened.ok ? [] : codes(opened.findings)).toEqual(['xml:00106']);
    const parsed = await parseInvoice(broken);
    expect(parsed.ok ? [] : codes(parsed.findings)).toEqual(['xml:00106']);
    expect(codes((await validateInvoice(broken)).findings)).toEqual(['xml:00106']);
    // The same file as base64 text.
    const base64 = new TextEncoder().encode(Buffer.from(broken).toString('base64'));
    expect(codes((await validateInvoice(base64)).findings)).toEqual(['xml:00106']);
  });

  it('an altered signed content still gives 00102', async () => {
    const altered = envelope.slice();
    const at = Buffer.from(envelope).indexOf(new TextEncoder().encode('<ProgressivoInvio>'));
    altered[at + 18] = altered[at + 18] === 0x41 ? 0x42 : 0x41;
    expect(codes((await validateInvoice(altered)).findings)).toEqual(['xml:00102']);
  });

  it('every intact envelope of the corpus is still read', async () => {
    const intact = listFiles(realworldSamples).filter(
      (file) => file.endsWith('.p7m') && !/tampered|fake/.test(file),
    );
    expect(intact.length).toBeGreaterThanOrEqual(5);
    for (const file of intact) {
      const opened = await openP7m(new Uint8Array(readFileSync(file)));
      expect(opened.ok ? [] : codes(opened.findings), file).toEqual([]);
    }
  });

  describe('the command line', () => {
    let folder: string;
    beforeAll(() => {
      folder = mkdtempSync(path.join(tmpdir(), 'fatturapa-p7m-'));
    });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('validates the intact envelope and refuses each broken one with 00106', async () => {
      const files = breaks.map(([, breakIt], index) => {
        const file = path.join(folder, `broken-${index}.xml.p7m`);
        writeFileSync(file, breakIt(envelope));
        return file;
      });
      const out: string[] = [];
      const io: CliIo = {
        stdout: (text) => out.push(text),
        stderr: () => undefined,
        readFile: async (file) => new Uint8Array(readFileSync(file)),
        writeFile: async () => undefined,
      };
      expect(await main(['validate', fixture, ...files, '--json'], io)).toBe(1);
      const lines = out
        .join('')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { valid: boolean; findings: { code: string }[] });
      expect(lines.map((line) => line.valid)).toEqual([true, ...files.map(() => false)]);
      for (const line of lines.slice(1)) {
        expect(line.findings.map((finding) => finding.code)).toEqual(['00106']);
      }
    });
  });

  describe.runIf(hasOpenssl)('fresh from openssl', () => {
    let folder: string;
    let fresh: Uint8Array;
    beforeAll(() => {
      folder = mkdtempSync(path.join(tmpdir(), 'fatturapa-openssl-'));
      const key = path.join(folder, 'key.pem');
      const cert = path.join(folder, 'cert.pem');
      const out = path.join(folder, 'signed.p7m');
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '2',
          '-subj',
          '/CN=Throwaway Signer',
          '-keyout',
          key,
          '-out',
          cert,
        ],
        { stdio: 'ignore' },
      );
      execFileSync('openssl', [
        'cms',
        '-sign',
        '-stream',
        '-binary',
        '-nodetach',
        '-outform',
        'DER',
        '-signer',
        cert,
        '-inkey',
        key,
        '-in',
        FPR01,
        '-out',
        out,
      ]);
      fresh = new Uint8Array(readFileSync(out));
    });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    /** OpenSSL's own verdict on the envelope (signature checked, chain not). */
    function opensslReads(envelope: Uint8Array): boolean {
      const file = path.join(folder, 'check.p7m');
      writeFileSync(file, envelope);
      const result = spawnSync('openssl', [
        'cms',
        '-verify',
        '-noverify',
        '-inform',
        'DER',
        '-in',
        file,
        '-out',
        path.join(folder, 'content.xml'),
      ]);
      return result.status === 0;
    }

    it('reads what openssl signed, as openssl does', async () => {
      expect(opensslReads(fresh)).toBe(true);
      const parsed = await parseInvoice(fresh);
      expect(parsed.ok && parsed.signer?.commonName).toBe('Throwaway Signer');
    });

    it.each(breaks)('%s: refused, as strictly as openssl at least', async (name, breakIt) => {
      const broken = breakIt(fresh);
      const opened = await openP7m(broken);
      expect(opened.ok ? [] : codes(opened.findings)).toEqual(['xml:00106']);
      // `openssl cms -verify` stops reading after the envelope: bytes after it are the only
      // break it lets through (SDI reads the whole file; so do we).
      const afterEnvelope = name.includes('after the envelope') || name === 'trailing garbage';
      expect(opensslReads(broken)).toBe(afterEnvelope);
    });
  });
});
