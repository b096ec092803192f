import { execFile, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli.ts';
import { verifyOfflineCertificateLink } from '../src/qr/links.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const samples = path.resolve(repoRoot, '../shared/spec/ksef/samples');
const EXAMPLE_1 = path.join(samples, 'fa3-official-mf/FA_3_Przykład_1.xml');
const TEMPLATE = path.join(samples, 'cirfmf-ksef-client-java/invoice-template_v3.xml');
const VISUALISER = path.join(samples, 'cirfmf-ksef-pdf-generator/invoice.xml');
const UPO_TE = path.join(samples, 'upo/v4-3/kontekst-nip/upo-sesja-kontekst-id-nip.xml');
const UPO_V3 = path.join(
  samples,
  'upo/third-party/ksef4dev__ksef-fop/20231111-SE-E8DDA726E2-F87F056923-EC.xml',
);
const DOCUMENTED_NUMBER = '5265877635-20250826-0100001AF629-AF';

function memoryIo(extraFiles: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const written = new Map<string, string | Uint8Array>();
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readFile: async (file) => {
      const extra = extraFiles[file];
      if (extra !== undefined) return new TextEncoder().encode(extra);
      return new Uint8Array(readFileSync(file));
    },
    writeFile: async (file, data) => {
      written.set(file, data);
    },
  };
  return { io, out: () => out.join(''), err: () => err.join(''), written };
}

/** SHA-256 in Base64URL by the system's sha256sum, not by our code. */
function sha256Base64Url(file: string): string {
  const hex = spawnSync('sha256sum', [file], { encoding: 'utf8' }).stdout.slice(0, 64);
  return Buffer.from(hex, 'hex').toString('base64url');
}

interface JsonResult {
  file: string;
  valid: boolean;
  form: string | null;
  findings: Record<string, unknown>[];
}

describe('ksef command line', () => {
  it('npx ksef validate --json from the repository root prints one array, exit 1 when any is refused', async () => {
    const run = promisify(execFile);
    const error = await run('npx', ['ksef', 'validate', EXAMPLE_1, TEMPLATE, '--json'], {
      cwd: repoRoot,
    }).catch((failure: { code: number; stdout: string }) => failure);
    expect('code' in error ? error.code : 0).toBe(1);
    const results = JSON.parse(error.stdout) as JsonResult[];
    expect(results.map(({ file, valid, form }) => ({ file, valid, form }))).toEqual([
      { file: EXAMPLE_1, valid: true, form: 'FA(3)' },
      { file: TEMPLATE, valid: false, form: 'FA(3)' },
    ]);
    expect(results[0]?.findings.filter((finding) => finding.layer !== 'advisory')).toEqual([]);
    // The template's #nip# placeholder: a schema finding at the seller's NIP.
    expect(results[1]?.findings).toContainEqual(
      expect.objectContaining({
        layer: 'schema',
        path: 'Faktura.Podmiot1.DaneIdentyfikacyjne.NIP',
      }),
    );
    for (const finding of results.flatMap((result) => result.findings)) {
      expect(Object.keys(finding).sort()).toEqual([
        'code',
        'layer',
        'message',
        'messagePl',
        'path',
      ]);
    }
  }, 60_000);

  it('validate: Ministry samples pass, an unreadable file is refused', async () => {
    const { io, out } = memoryIo();
    expect(await main(['validate', EXAMPLE_1, VISUALISER], io)).toBe(0);
    expect(out()).toContain(`${EXAMPLE_1}: valid (FA(3))`);
    const missing = memoryIo();
    expect(await main(['validate', 'missing.xml', '--json'], missing.io)).toBe(1);
    expect(JSON.parse(missing.out())).toEqual([
      {
        file: 'missing.xml',
        valid: false,
        form: null,
        findings: [expect.objectContaining({ layer: 'xml', code: 'file-unreadable' })],
      },
    ]);
  });

  it('validate --accepted-on: an issue date after the acceptance day is refused', async () => {
    // P_1 of Example 1 is 2026-02-15.
    const before = memoryIo();
    expect(
      await main(['validate', EXAMPLE_1, '--accepted-on', '2026-02-14', '--json'], before.io),
    ).toBe(1);
    const [result] = JSON.parse(before.out()) as JsonResult[];
    expect(result?.findings).toContainEqual(
      expect.objectContaining({ layer: 'ksef', path: 'Faktura.Fa.P_1' }),
    );
    expect(await main(['validate', EXAMPLE_1, '--accepted-on', '2026-02-15'], memoryIo().io)).toBe(
      0,
    );
    expect(await main(['validate', EXAMPLE_1, '--accepted-on', '15.02.2026'], memoryIo().io)).toBe(
      2,
    );
  });

  it('number check prints one line per number and exits 1 when any is invalid', async () => {
    const { io, out } = memoryIo();
    const changed = DOCUMENTED_NUMBER.replace('-AF', '-AE');
    expect(await main(['number', 'check', DOCUMENTED_NUMBER, changed], io)).toBe(1);
    expect(out()).toBe(
      `${DOCUMENTED_NUMBER}: valid\n${changed}: invalid: checksum AE does not match the CRC-8 AF\n`,
    );
    expect(await main(['number', 'check', DOCUMENTED_NUMBER], memoryIo().io)).toBe(0);
  });

  it('number make adds the CRC-8 and refuses a wrong part', async () => {
    const { io, out } = memoryIo();
    expect(await main(['number', 'make', '5265877635', '20250826', '0100001AF629'], io)).toBe(0);
    expect(out()).toBe(`${DOCUMENTED_NUMBER}\n`);
    const wrong = memoryIo();
    expect(await main(['number', 'make', '5265877635', '20250826', 'XYZ'], wrong.io)).toBe(2);
    expect(wrong.err()).toMatch(/technical part/);
  });

  it('qr prints KOD I with the seller NIP, P_1 and the file SHA-256, and writes the image', async () => {
    const { io, out, written } = memoryIo();
    const code = await main(
      ['qr', EXAMPLE_1, '--env', 'TE', '--svg', 'kod.svg', '--png', 'kod.png'],
      io,
    );
    expect(code).toBe(0);
    expect(out()).toBe(
      `https://qr-test.ksef.mf.gov.pl/invoice/9999999999/15-02-2026/${sha256Base64Url(EXAMPLE_1)}\n`,
    );
    expect(String(written.get('kod.svg'))).toMatch(/^<svg /);
    expect([...((written.get('kod.png') as Uint8Array | undefined) ?? []).slice(1, 4)]).toEqual([
      0x50, 0x4e, 0x47,
    ]);
    const prd = memoryIo();
    expect(await main(['qr', EXAMPLE_1, '--env', 'PRD'], prd.io)).toBe(0);
    expect(prd.out()).toMatch(/^https:\/\/qr\.ksef\.mf\.gov\.pl\/invoice\//);
    expect(await main(['qr', EXAMPLE_1], memoryIo().io)).toBe(2);
    expect(await main(['qr', EXAMPLE_1, '--env', 'XX'], memoryIo().io)).toBe(2);
    const broken = memoryIo({ 'broken.xml': '<Faktura' });
    expect(await main(['qr', 'broken.xml', '--env', 'TE'], broken.io)).toBe(1);
    expect(broken.err()).toContain('broken.xml');
  });

  it('qr --offline-key prints KOD II signed with the Offline certificate key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const { io, out } = memoryIo({ 'key.pem': pem });
    const argv = ['qr', EXAMPLE_1, '--env', 'TE', '--offline-key', 'key.pem'];
    expect(await main([...argv, '--certificate-serial', '01F20A5D352AE590'], io)).toBe(0);
    const [kodI, kodII] = out().trim().split('\n');
    const hash = sha256Base64Url(EXAMPLE_1);
    expect(kodI).toContain(hash);
    expect(kodII).toMatch(
      new RegExp(
        `^https://qr-test\\.ksef\\.mf\\.gov\\.pl/certificate/Nip/9999999999/9999999999/01F20A5D352AE590/${hash}/[\\w-]+$`,
      ),
    );
    expect(verifyOfflineCertificateLink(kodII ?? '', publicKey)).toBe(true);
    expect(await main(argv, memoryIo({ 'key.pem': pem }).io)).toBe(2);
  });

  it('to-json then to-xml gives back a document with the same verdict', async () => {
    const toJson = memoryIo();
    expect(await main(['to-json', VISUALISER], toJson.io)).toBe(0);
    const json = toJson.out();
    expect((JSON.parse(json) as { Faktura: { Fa: { P_1: string } } }).Faktura.Fa.P_1).toBe(
      '2025-10-31',
    );
    const toXml = memoryIo({ 'invoice.json': json });
    expect(await main(['to-xml', 'invoice.json'], toXml.io)).toBe(0);
    const validate = memoryIo({ 'again.xml': toXml.out() });
    expect(await main(['validate', 'again.xml'], validate.io)).toBe(0);
    const bad = memoryIo({ 'bad.json': '{"Faktura": 1}' });
    expect(await main(['to-xml', 'bad.json'], bad.io)).toBe(1);
    expect(bad.err()).toContain('bad.json');
  });

  it('render writes the PDF and the HTML in pl and en, with KOD I of the file', async () => {
    const { io, written } = memoryIo();
    const argv = ['render', EXAMPLE_1, '--pdf', 'out.pdf', '--html', 'out.html', '--env', 'TE'];
    expect(await main([...argv, '--ksef-number', DOCUMENTED_NUMBER], io)).toBe(0);
    const pdf = written.get('out.pdf') as Uint8Array;
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    const html = String(written.get('out.html'));
    expect(html).toContain('FV2026/02/150');
    expect(html).toContain(DOCUMENTED_NUMBER);
    expect(html).toContain(
      `qr-test.ksef.mf.gov.pl/invoice/9999999999/15-02-2026/${sha256Base64Url(EXAMPLE_1)}`,
    );
    const english = memoryIo();
    expect(await main(['render', EXAMPLE_1, '--html', 'en.html', '--lang', 'en'], english.io)).toBe(
      0,
    );
    expect(String(english.written.get('en.html'))).not.toBe(html);
    expect(
      await main(['render', EXAMPLE_1, '--html', 'x.html', '--lang', 'it'], memoryIo().io),
    ).toBe(2);
    const json = memoryIo();
    await main(['to-json', EXAMPLE_1], json.io);
    const fromJson = memoryIo({ 'invoice.json': json.out() });
    expect(await main(['render', 'invoice.json', '--html', 'j.html'], fromJson.io)).toBe(0);
    expect(String(fromJson.written.get('j.html'))).toContain('FV2026/02/150');
  }, 60_000);

  it('upo reads a v4-3 UPO and refuses the KSeF 1.0 one', async () => {
    const upo = memoryIo();
    expect(await main(['upo', UPO_TE], upo.io)).toBe(0);
    expect(upo.out()).toContain('5265877635-20250916-0200A0D6723E-C2');
    const old = memoryIo();
    expect(await main(['upo', UPO_V3], old.io)).toBe(1);
    expect(old.err()).toContain('upo-unsupported-version');
  });

  it('unknown commands and missing arguments print the usage with exit 2', async () => {
    for (const argv of [[], ['frobnicate'], ['number'], ['render', EXAMPLE_1], ['to-json']]) {
      const { io, err, out } = memoryIo();
      expect(await main(argv, io)).toBe(2);
      expect(err() + out()).toContain('Usage: ksef');
    }
  });
});
