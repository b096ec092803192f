import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateXsd, MAX_SCHEMA_FINDINGS } from '../src/schema/xsd.ts';
import type { Finding } from '../src/findings.ts';
import { parseKeepingLibxml2 } from '../src/xml/parse.ts';
import type { UblRoot } from '../src/xml/roots.ts';
import { peppolDocuments, specName } from './xml-support/corpus.ts';

const maindoc = path.resolve(import.meta.dirname, '../schemas/ubl-2.1/xsd/maindoc');

function xsdFindings(input: string | Uint8Array): Finding[] {
  const parsed = parseKeepingLibxml2(input, {}, { pointers: true });
  try {
    expect(parsed.findings).toEqual([]);
    return validateXsd(parsed.pointer, parsed.document!.root!.local as UblRoot, parsed.nodes);
  } finally {
    parsed.release();
  }
}

/**
 * xmllint (libxml2's own command, what the corpus README's "check" column used) on the same
 * files and schemas: the first error line of each file, or 0 when it validates.
 */
function xmllintVerdicts(files: Buffer[]): Map<Buffer, number> {
  const directory = mkdtempSync(path.join(tmpdir(), 'ubl-xsd-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const byRoot = new Map<string, Array<[Buffer, string]>>();
  files.forEach((file, index) => {
    const bytes = readFileSync(file);
    const root = parseKeepingLibxml2(bytes);
    root.release();
    const copy = path.join(directory, `${index}.xml`);
    writeFileSync(copy, bytes);
    const list = byRoot.get(root.document!.root!.local) ?? [];
    list.push([file, copy]);
    byRoot.set(root.document!.root!.local, list);
  });
  const verdicts = new Map<Buffer, number>();
  for (const [root, list] of byRoot) {
    let output: string;
    try {
      execFileSync(
        'xmllint',
        [
          '--noout',
          '--schema',
          path.join(maindoc, `UBL-${root}-2.1.xsd`),
          ...list.map(([, copy]) => copy),
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      output = '';
    } catch (error) {
      output = String((error as { stderr?: Buffer }).stderr ?? '');
    }
    for (const [file, copy] of list) {
      const line = output.split('\n').find((entry) => entry.startsWith(`${copy}:`));
      verdicts.set(file, line ? Number(line.split(':')[1]) : 0);
    }
  }
  return verdicts;
}

describe('the UBL 2.1 XSD agrees with xmllint on every example and test file', () => {
  const files = peppolDocuments();
  const verdicts = xmllintVerdicts(files);

  it.each(files.map((file) => [specName(file), file]))('%s', (_name, file) => {
    const findings = xsdFindings(readFileSync(file));
    const line = verdicts.get(file);
    if (line === 0) expect(findings).toEqual([]);
    else {
      expect(findings.length).toBeGreaterThan(0);
      expect(findings[0]!.message.startsWith(`Line ${line}:`)).toBe(true);
    }
  });
});

describe('schema findings', () => {
  const base = readFileSync(
    peppolDocuments().find((file) =>
      specName(file).endsWith('bis-billing-3/examples/base-example.xml'),
    )!,
    'utf8',
  );
  const INVOICE =
    "/*:Invoice[namespace-uri()='urn:oasis:names:specification:ubl:schema:xsd:Invoice-2'][1]";
  const CAC =
    "namespace-uri()='urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2'";
  const CBC =
    "namespace-uri()='urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2'";

  it('place an element out of place by XPath and JSON path, with the usual prefixes', () => {
    const findings = xsdFindings(
      base.replace('<cbc:DueDate>', '<cbc:Colour>blue</cbc:Colour><cbc:DueDate>'),
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      layer: 'schema',
      id: 'XSD',
      flag: 'fatal',
      location: `${INVOICE}/*:Colour[${CBC}][1]`,
      path: 'Invoice.$cbc:Colour[0]',
    });
    expect(findings[0]!.message).toMatch(
      /^Line \d+: Element 'cbc:Colour': This element is not expected/,
    );
  });

  it('place a wrong value on its element, in a repeated aggregate', () => {
    const second = base.indexOf('<cac:InvoiceLine>', base.indexOf('<cac:InvoiceLine>') + 1);
    const wrong =
      base.slice(0, second) +
      base
        .slice(second)
        .replace(
          /<cbc:InvoicedQuantity unitCode="(\w+)">[^<]*</,
          '<cbc:InvoicedQuantity unitCode="$1">many<',
        );
    const findings = xsdFindings(wrong);
    expect(findings.map((finding) => [finding.path, finding.location])).toEqual([
      [
        'Invoice.InvoiceLine[1].InvoicedQuantity',
        `${INVOICE}/*:InvoiceLine[${CAC}][2]/*:InvoicedQuantity[${CBC}][1]`,
      ],
    ]);
    expect(findings[0]!.message).toContain("'many'");
  });

  it('name a missing required element', () => {
    const findings = xsdFindings(base.replace(/<cbc:ID>[^<]*<\/cbc:ID>/, ''));
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0]!.message).toContain('cbc:ID');
  });

  it(`list at most ${MAX_SCHEMA_FINDINGS} errors, then how many there were`, () => {
    const start = base.indexOf('<cac:InvoiceLine>');
    const line = base
      .slice(start, base.indexOf('</cac:InvoiceLine>') + '</cac:InvoiceLine>'.length)
      .replace(/(<cbc:InvoicedQuantity[^>]*>)[^<]*/, '$1many');
    const many = base.slice(0, start) + line.repeat(200) + base.slice(start);
    const findings = xsdFindings(many);
    expect(findings.length).toBe(MAX_SCHEMA_FINDINGS + 1);
    expect(findings.at(-1)!.message).toBe('200 schema errors: only the first 50 are listed');
  });

  it('validate each document type against its own schema', () => {
    const creditNoteBody = base.replace('<cbc:DueDate>2017-12-01</cbc:DueDate>', '');
    const asCreditNote = creditNoteBody
      .replaceAll('Invoice-2', 'CreditNote-2')
      .replace('<Invoice ', '<CreditNote ')
      .replace('</Invoice>', '</CreditNote>');
    const findings = xsdFindings(asCreditNote);
    // An Invoice's elements are not a CreditNote's.
    expect(findings.some((finding) => finding.message.includes('InvoiceTypeCode'))).toBe(true);
  });
});
