import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const peppol = path.resolve(repoRoot, '../shared/spec/peppol');
const BASE = path.join(peppol, 'bis-billing-3/examples/base-example.xml');
const ORDER = path.join(peppol, 'poacc-upgrade-3/examples/Order_Example.xml');

const work = mkdtempSync(path.join(tmpdir(), 'ubl-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The base example with a payable amount that no longer matches its totals (BR-CO-16). */
const MISTOTAL = path.join(work, 'mistotal.xml');
writeFileSync(
  MISTOTAL,
  readFileSync(BASE, 'utf8').replace(
    '<cbc:PayableAmount currencyID="EUR">1656.25</cbc:PayableAmount>',
    '<cbc:PayableAmount currencyID="EUR">1000.00</cbc:PayableAmount>',
  ),
);

const run = promisify(execFile);

/** `npx ubl …` from the repository root, as a user types it. */
async function ubl(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['--no-install', 'ubl', ...args], {
      cwd: repoRoot,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

function memoryIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readFile: async (file) => new Uint8Array(readFileSync(file)),
    writeFile: async () => undefined,
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

// Each spawn starts Node and tsx (a few seconds on a loaded machine).
describe('ubl command line (npx ubl from the repository root)', { timeout: 60_000 }, () => {
  it('validate --json prints one array, one object per file in order, and exits 1 when any is invalid', async () => {
    const { code, stdout } = await ubl('validate', BASE, MISTOTAL, 'missing.xml', '--json');
    expect(code).toBe(1);
    const reports = JSON.parse(stdout) as Record<string, unknown>[];
    expect(reports.map((report) => report.file)).toEqual([BASE, MISTOTAL, 'missing.xml']);
    expect(reports[0]).toMatchObject({
      file: BASE,
      valid: true,
      documentType: 'Invoice',
      customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      transaction: 'billing',
    });
    expect(reports[1]).toMatchObject({ valid: false, documentType: 'Invoice' });
    const findings = reports[1]?.findings as Record<string, unknown>[];
    const mistotal = findings.find((finding) => finding.id === 'BR-CO-16');
    expect(mistotal).toMatchObject({ layer: 'rules', flag: 'fatal' });
    for (const finding of findings) {
      expect(Object.keys(finding).sort()).toEqual(
        ['flag', 'id', 'layer', 'location', 'message', 'path'].sort(),
      );
    }
    expect(reports[2]).toMatchObject({
      valid: false,
      documentType: null,
      findings: [{ layer: 'xml', flag: 'fatal', message: 'file not found' }],
    });
  });

  it('validate prints a line per file and exits 0 when every file is valid', async () => {
    const { code, stdout } = await ubl('validate', BASE, ORDER);
    expect(code).toBe(0);
    expect(stdout).toContain(`${BASE}: valid (Invoice, billing)`);
    expect(stdout).toContain(`${ORDER}: valid (Order, order)`);
  });

  it('to-json and to-xml make the round trip', async () => {
    const toJson = await ubl('to-json', BASE);
    expect(toJson.code).toBe(0);
    const json = JSON.parse(toJson.stdout) as { Invoice: Record<string, unknown> };
    expect(json.Invoice.ID).toBe('Snippet1');
    const file = path.join(work, 'base.json');
    writeFileSync(file, toJson.stdout);
    const toXml = await ubl('to-xml', file);
    expect(toXml.code).toBe(0);
    expect(toXml.stdout).toContain('<cbc:ID>Snippet1</cbc:ID>');
    const again = path.join(work, 'again.xml');
    writeFileSync(again, toXml.stdout);
    const { code } = await ubl('validate', again);
    expect(code).toBe(0);
  });

  it('render writes the PDF and the HTML in the language asked for', async () => {
    const pdf = path.join(work, 'base.pdf');
    const html = path.join(work, 'base.html');
    const { code, stderr } = await ubl(
      'render',
      BASE,
      '--pdf',
      pdf,
      '--html',
      html,
      '--lang',
      'pl',
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Do zapłaty');
    expect(text).toContain('1 656,25 €');
    expect(readFileSync(html, 'utf8')).toContain('<html lang="pl">');
  });

  it('gives clear errors for missing files, bad flags and bad values', async () => {
    const cases: [string[], number, RegExp][] = [
      [['validate'], 2, /no file given/],
      [['validate', BASE, '--bogus'], 2, /unknown option --bogus/],
      [
        ['render', BASE, '--pdf', 'x.pdf', '--lang', 'de'],
        2,
        /--lang must be one of it, en, pl, nl, fr/,
      ],
      [['render', BASE], 2, /--pdf OUT and\/or --html OUT/],
      [['render', 'missing.xml', '--html', 'x.html'], 1, /missing\.xml: file not found/],
      [['to-json', 'missing.xml'], 1, /missing\.xml: file not found/],
      [['to-xml', BASE], 1, /not valid JSON/],
      [['validate', BASE, '--max-bytes', 'lots'], 2, /--max-bytes must be a positive whole number/],
      [['frobnicate'], 2, /unknown command "frobnicate"/],
      [[], 2, /Usage: ubl/],
    ];
    for (const [argv, expected, message] of cases) {
      const { io, err } = memoryIo();
      expect(await main(argv, io), argv.join(' ')).toBe(expected);
      expect(err(), argv.join(' ')).toMatch(message);
    }
    const help = memoryIo();
    expect(await main(['--help'], help.io)).toBe(0);
    expect(help.out()).toContain('validate FILE... [--json]');
  });

  it('refuses a file that is too large for --max-bytes with a finding', async () => {
    const { io, out } = memoryIo();
    expect(await main(['validate', BASE, '--max-bytes', '100', '--json'], io)).toBe(1);
    const [report] = JSON.parse(out()) as { findings: { id: string }[] }[];
    expect(report?.findings[0]?.id).toBe('XML-TOO-LARGE');
  });
});
