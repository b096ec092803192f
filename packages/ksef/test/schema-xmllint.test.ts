import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, cpSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { validateKsef } from '../src/validate.ts';
import { invoiceSamples, LATE_ACCEPTANCE, sampleName } from './validate-corpus.ts';

const schemas = fileURLToPath(new URL('../schemas', import.meta.url));
// xmllint cannot be told to serve bazowe locally: a copy of the schemas whose import names the
// local file, as the corpus README does for its "check" column.
const copy = mkdtempSync(path.join(tmpdir(), 'ksef-xsd-'));
cpSync(schemas, copy, { recursive: true });
const FORM_SCHEMAS: Record<string, string> = {
  'FA (3)': 'FA/schemat_FA(3)_v1-0E.xsd',
  'FA (2)': 'FA/schemat_FA(2)_v1-0E.xsd',
  'FA_RR (1)': 'RR/schemat_FA_RR(1)_v1-1E.xsd',
};
for (const file of Object.values(FORM_SCHEMAS)) {
  const full = path.join(copy, file);
  const local = path.join(copy, 'FA/bazowe/StrukturyDanych_v10-0E.xsd');
  writeFileSync(
    full,
    readFileSync(full, 'utf8').replace(
      /schemaLocation="http:\/\/crd\.gov\.pl\/[^"]*StrukturyDanych_v10-0E\.xsd"/,
      `schemaLocation="file://${local}"`,
    ),
  );
}
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** xmllint's verdict on `files` against `schema`: file → valid. One xmllint for all. */
function xmllint(schema: string, files: string[]): Map<string, boolean> {
  let output: string;
  try {
    output = execFileSync(
      'xmllint',
      ['--noout', '--nonet', '--schema', path.join(copy, schema), ...files],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    output = String((error as { stderr?: string }).stderr ?? '');
  }
  const verdicts = new Map<string, boolean>();
  for (const line of output.split('\n')) {
    if (line.endsWith(' validates')) verdicts.set(line.slice(0, -' validates'.length), true);
    if (line.endsWith(' fails to validate')) {
      verdicts.set(line.slice(0, -' fails to validate'.length), false);
    }
  }
  return verdicts;
}

function formOf(file: string): string {
  const system = /kodSystemowy="([^"]*)"/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  return system in FORM_SCHEMAS ? system : 'FA (3)';
}

describe('the XSD verdict of every sample equals xmllint --schema', () => {
  const files = invoiceSamples();
  const byForm = new Map<string, string[]>();
  for (const file of files) byForm.set(formOf(file), [...(byForm.get(formOf(file)) ?? []), file]);
  const expected = new Map<string, boolean>();
  for (const [form, group] of byForm) {
    for (const [file, valid] of xmllint(FORM_SCHEMAS[form] ?? '', group)) expected.set(file, valid);
  }

  it('xmllint judged every sample', () => {
    expect(files.length).toBeGreaterThan(90);
    expect(files.filter((file) => !expected.has(file))).toEqual([]);
    expect([...expected.values()].filter(Boolean).length).toBeGreaterThan(70);
  });

  it.each(files.map((file) => [sampleName(file), file]))('%s', (_name, file) => {
    const result = validateKsef(readFileSync(file), { acceptedOn: LATE_ACCEPTANCE });
    const schemaValid = !result.findings.some(
      (finding) => finding.layer === 'xml' || finding.layer === 'schema',
    );
    expect(schemaValid).toBe(expected.get(file));
  });
});
