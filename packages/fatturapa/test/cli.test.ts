import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli.ts';
import { officialSamples, realworldSamples, repoRoot } from './corpus-paths.ts';

const FPR01 = path.join(officialSamples, 'v1.2.2/IT01234567890_FPR01.xml');
const FPR02 = path.join(officialSamples, 'v1.2.2/IT01234567890_FPR02.xml');
const FSM10 = path.join(officialSamples, 'semplificata/IT01234567890_FSM10.xml');
const SIGNED = path.join(
  realworldSamples,
  'OCA__l10n-italy/16.0/l10n_it_fatturapa_in/IT01234567890_FPR03.xml.p7m',
);

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

describe('fatturapa command line', () => {
  it('validate --json prints one line per file and exits 1 when any is invalid', async () => {
    const { io, out } = memoryIo();
    const code = await main(['validate', FPR02, SIGNED, 'missing.xml', '--json'], io);
    expect(code).toBe(1);
    const lines = out()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({
      file: FPR02,
      format: 'FPR12',
      valid: false,
      findings: [
        {
          layer: 'schema',
          code: '00200',
          propertyPath: 'fattura_elettronica_header.dati_trasmissione.contatti_trasmittente',
          message: expect.stringContaining('ContattiTrasmittente') as unknown,
        },
      ],
    });
    expect(lines[1]).toMatchObject({ file: SIGNED, format: 'FPR12', valid: true, findings: [] });
    expect(lines[2]).toMatchObject({ file: 'missing.xml', valid: false });
  });

  it('validate exits 0 when every file is valid and writes errors to stderr with the file name', async () => {
    const ok = memoryIo();
    expect(await main(['validate', SIGNED], ok.io)).toBe(0);
    expect(ok.out()).toBe(`${SIGNED}: valid (FPR12)\n`);
    const bad = memoryIo();
    expect(await main(['validate', FPR02], bad.io)).toBe(1);
    expect(bad.err()).toContain(
      `${FPR02}: [schema 00200] fattura_elettronica_header.dati_trasmissione.contatti_trasmittente:`,
    );
  });

  it('validate leaves identifier existence to SDI unless --check-identifiers is given', async () => {
    // The official samples use placeholder VAT numbers (01234567890) whose check digit is wrong:
    // only a registry (SDI's) can say whether an identifier exists, so by default they pass.
    const plain = memoryIo();
    expect(await main(['validate', FPR01, FSM10], plain.io)).toBe(0);
    const strict = memoryIo();
    expect(await main(['validate', FPR01, '--check-identifiers', '--json'], strict.io)).toBe(1);
    const codes = (JSON.parse(strict.out()) as { findings: { code: string }[] }).findings.map(
      (finding) => finding.code,
    );
    expect(codes).toContain('00301');
    const fields = memoryIo();
    expect(await main(['validate', FPR01, '--fields', '--json'], fields.io)).toBe(1);
    expect(JSON.parse(fields.out())).toMatchObject({
      findings: expect.arrayContaining([expect.objectContaining({ layer: 'field' })]),
    });
  });

  it('to-json then to-xml gives back a schema-valid invoice', async () => {
    const toJson = memoryIo();
    expect(await main(['to-json', FSM10], toJson.io)).toBe(0);
    const json = toJson.out();
    expect(JSON.parse(json)).toHaveProperty('fattura_elettronica_body');
    const toXml = memoryIo({ 'invoice.json': json });
    expect(await main(['to-xml', 'invoice.json'], toXml.io)).toBe(0);
    expect(toXml.out()).toContain('<p:FatturaElettronicaSemplificata');
    const validate = memoryIo({ 'written.xml': toXml.out() });
    await main(['validate', 'written.xml', '--json'], validate.io);
    expect(JSON.parse(validate.out())).toMatchObject({ format: 'FSM10' });
    expect(
      (JSON.parse(validate.out()) as { findings: { layer: string }[] }).findings.filter(
        (f) => f.layer === 'schema',
      ),
    ).toEqual([]);
  });

  it('to-xml refuses a file that is not JSON, naming the file', async () => {
    const { io, err } = memoryIo({ 'broken.json': '{ nope' });
    expect(await main(['to-xml', 'broken.json'], io)).toBe(1);
    expect(err()).toMatch(/^broken\.json: not valid JSON/);
  });

  it('to-json of a bad file reports its findings on stderr', async () => {
    const { io, err } = memoryIo({ 'empty.xml': '' });
    expect(await main(['to-json', 'empty.xml'], io)).toBe(1);
    expect(err()).toBe('empty.xml: [xml 00106] The file is empty\n');
  });

  it('render writes the HTML and the PDF', async () => {
    const { io, written } = memoryIo();
    expect(
      await main(['render', FPR01, '--html', 'out.html', '--pdf', 'out.pdf', '--lang', 'en'], io),
    ).toBe(0);
    expect(String(written.get('out.html'))).toContain('<html');
    const pdf = written.get('out.pdf');
    expect(pdf instanceof Uint8Array && new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
  });

  it('usage errors exit 2', async () => {
    expect(await main(['render', FPR01], memoryIo().io)).toBe(2);
    expect(await main(['frobnicate'], memoryIo().io)).toBe(2);
    expect(await main(['validate'], memoryIo().io)).toBe(2);
  });

  it('runs as `npx fatturapa` through bin/fatturapa.mjs', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      [path.join(repoRoot, 'packages/fatturapa/bin/fatturapa.mjs'), 'validate', SIGNED, '--json'],
      {
        cwd: repoRoot,
      },
    );
    expect(JSON.parse(stdout)).toMatchObject({ valid: true, format: 'FPR12' });
  }, 30_000);
});
