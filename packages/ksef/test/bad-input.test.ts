import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonToKsef } from '../src/codec/json-to-xml.ts';
import { ksefToJson, validateKsef } from '../src/validate.ts';
import { ksefSamples, LATE_ACCEPTANCE } from './validate-corpus.ts';

const FA3 = 'http://crd.gov.pl/wzor/2025/06/25/13775/';
const sample = readFileSync(path.join(ksefSamples, 'fa3-official-mf/FA_3_Przykład_1.xml'), 'utf8');
const fa2 = readFileSync(
  path.join(ksefSamples, 'third-party/ksef4dev__ksef-fop/fa2/podstawowa/FA_2_Przyklad_19.xml'),
);

function codes(input: string | Uint8Array, options = { acceptedOn: LATE_ACCEPTANCE }): string[] {
  const result = validateKsef(input, options);
  const read = ksefToJson(input);
  // ksefToJson stops at the same first two layers' findings, never throwing either.
  expect(read.json === undefined).toBe(read.findings.length > 0);
  if (result.findings.some((finding) => finding.layer !== 'advisory')) {
    expect(result.valid).toBe(false);
  }
  for (const finding of result.findings) {
    expect(finding.message.length).toBeGreaterThan(0);
    expect(finding.messagePl.length).toBeGreaterThan(0);
  }
  return result.findings.map((finding) => finding.code);
}

describe('bad input gets findings, never an exception', () => {
  it('malformed XML', () => {
    expect(codes('<Faktura><a></Faktura>')).toEqual(['xml-malformed']);
    expect(codes(sample.slice(0, sample.length / 2))).toEqual(['xml-malformed']);
    expect(codes('just text')).toEqual(['xml-malformed']);
  });

  it('empty input, as text and as bytes', () => {
    expect(codes('')).toEqual(['xml-empty']);
    expect(codes(new Uint8Array())).toEqual(['xml-empty']);
    expect(codes('  \n ')).toEqual(['xml-empty']);
  });

  it('XXE: an external entity is refused, never followed', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE Faktura [<!ENTITY x SYSTEM "file:///etc/passwd">]><Faktura xmlns="${FA3}">&x;</Faktura>`;
    const result = validateKsef(xxe, { acceptedOn: LATE_ACCEPTANCE });
    expect(result.findings.map((finding) => finding.code)).toEqual(['xml-doctype']);
    expect(JSON.stringify(result)).not.toContain('root:');
  });

  it('billion laughs: entity expansion is refused', () => {
    const entities = Array.from(
      { length: 9 },
      (_, level) => `<!ENTITY l${level + 1} "${`&l${level};`.repeat(10)}">`,
    ).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE Faktura [<!ENTITY l0 "ha">${entities}]><Faktura xmlns="${FA3}">&l9;</Faktura>`;
    expect(codes(bomb)).toEqual(['xml-doctype']);
  });

  it('deep nesting', () => {
    for (const depth of [300, 10_000, 200_000]) {
      const deep = `<Faktura xmlns="${FA3}">${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</Faktura>`;
      expect(codes(deep)).toEqual(['xml-too-deep']);
    }
  });

  it('oversized documents, counted in UTF-8 bytes', () => {
    const huge = sample.replace('<Fa>', `<!--${'x'.repeat(4_000_000)}--><Fa>`);
    expect(codes(huge)).toEqual(['xml-too-large']);
    expect(codes(new TextEncoder().encode(huge))).toEqual(['xml-too-large']);
    // 600,000 characters but 1.2 MB: over the limit without attachment.
    const polish = sample.replace('<Fa>', `<!--${'ż'.repeat(600_000)}--><Fa>`);
    expect(codes(polish)).toEqual(['xml-too-large']);
    // The same file with 0.6 MB of comment is within the limit.
    const within = sample.replace('<Fa>', `<!--${'ż'.repeat(300_000)}--><Fa>`);
    expect(codes(within)).toEqual([]);
  });

  it('the size limits are 1,000,000 bytes, and 3,000,000 with an attachment', () => {
    const padded = (xml: string, size: number): string => {
      const bytes = new TextEncoder().encode(xml).length;
      return xml.replace('<Fa>', `<!--${'x'.repeat(size - bytes - 7)}--><Fa>`);
    };
    expect(codes(padded(sample, 1_000_000))).toEqual([]);
    expect(codes(padded(sample, 1_000_001))).toEqual(['xml-too-large']);
    const attached = readFileSync(
      path.join(ksefSamples, 'fa3-official-mf/FA_3_Przykład_24.xml'),
      'utf8',
    );
    expect(attached).toContain('<Zalacznik>');
    expect(codes(padded(attached, 3_000_000))).toEqual([]);
    expect(codes(padded(attached, 3_000_001))).toEqual(['xml-too-large']);
  });

  it('NUL and other control characters, as text and as bytes', () => {
    const nul = sample.replace('<P_2>', '<P_2>\u0000');
    expect(codes(nul)).toEqual(['xml-character']);
    expect(codes(new TextEncoder().encode(nul))).toEqual(['xml-character']);
    expect(codes(sample.replace('<P_2>', '<P_2>\u001B'))).toEqual(['xml-character']);
    expect(codes(sample.replace('<P_2>', '<P_2>\u{10FFFF}'))).toEqual(['xml-character']);
  });

  it('lone surrogates and bytes that are no UTF-8', () => {
    expect(codes(sample.replace('<P_2>', '<P_2>\uD800'))).toEqual(['xml-character']);
    expect(codes(sample.replace('<P_2>', '<P_2>\uDC00x'))).toEqual(['xml-character']);
    const bytes = new TextEncoder().encode(sample);
    const at = new TextEncoder().encode(sample.slice(0, sample.indexOf('<P_2>') + 5)).length;
    const latin = new Uint8Array([...bytes.slice(0, at), 0xbf, 0xf3, ...bytes.slice(at)]);
    expect(codes(latin)).toEqual(['xml-encoding']);
  });

  it('a BOM, as text and as bytes', () => {
    expect(codes(`\uFEFF${sample}`)).toEqual(['xml-bom']);
    const bytes = new TextEncoder().encode(sample);
    expect(codes(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]))).toEqual(['xml-bom']);
  });

  it('wrong namespaces and roots', () => {
    expect(codes(sample.replace(FA3, 'http://example.com/faktura'))).toEqual([
      'schema-unknown-root',
    ]);
    expect(codes(sample.replace(`xmlns="${FA3}"`, ''))).toEqual(['schema-unknown-root']);
    const ubl = readFileSync(
      path.join(ksefSamples, 'cirfmf-ksef-client-java/invoice_template_pef.xml'),
    );
    expect(codes(ubl)).toEqual(['schema-unknown-root']);
    // FA(2)'s namespace on an FA(3) document: the FA(2) schema refuses it.
    const mixed = sample.replace(FA3, 'http://crd.gov.pl/wzor/2023/06/29/12648/');
    expect(codes(mixed)).toContain('schema-invalid');
  });

  it('FA(2) sent where FA(3) is required', () => {
    expect(codes(fa2)).toEqual([]);
    const result = validateKsef(fa2, { acceptedOn: LATE_ACCEPTANCE, requireForm: 'FA(3)' });
    expect(result).toMatchObject({ valid: false, form: 'FA(2)' });
    expect(result.findings.map((finding) => finding.code)).toEqual(['schema-form-required']);
    expect(result.findings[0]?.message).toContain('FA(3) is required');
  });

  it('over-long names', () => {
    expect(codes(`<Faktura xmlns="${FA3}"><${'A'.repeat(150_000)}/></Faktura>`)).toEqual([
      'xml-name-too-long',
    ]);
  });

  it('thousands of schema errors: 50 listed, the rest counted', () => {
    const many = sample.replace('<Fa>', `<Fa>${'<Zly>1</Zly>'.repeat(5000)}`);
    const result = validateKsef(many, { acceptedOn: LATE_ACCEPTANCE });
    expect(result.valid).toBe(false);
    expect(result.findings.length).toBeLessThanOrEqual(51);
  });

  it('a 1 MB value is not repeated whole in its schema finding', () => {
    const long = sample.replace(/<P_2>[^<]*<\/P_2>/, `<P_2>${'x'.repeat(900_000)}</P_2>`);
    const result = validateKsef(long, { acceptedOn: LATE_ACCEPTANCE });
    expect(result.findings.map((finding) => finding.code)).toEqual(['schema-invalid']);
    expect(JSON.stringify(result).length).toBeLessThan(2000);
  });

  it('schema findings name the field, in English and Polish', () => {
    const result = validateKsef(sample.replace(/<P_2>[^<]*<\/P_2>/, '<P_2></P_2>'), {
      acceptedOn: LATE_ACCEPTANCE,
    });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ layer: 'schema', path: 'Faktura.Fa.P_2' });
    expect(result.findings[0]?.message).toMatch(/^P_2: /);
    expect(result.findings[0]?.messagePl).toContain('schemat FA(3)');
  });

  it('an acceptance day that is no date is a clear error', () => {
    expect(() => validateKsef(sample, { acceptedOn: 'tomorrow' })).toThrow(TypeError);
  });

  it('hostile JSON is refused with problems', () => {
    expect(jsonToKsef('<Faktura/>').problems[0]?.code).toBe('json-root');
    expect(jsonToKsef([]).problems[0]?.code).toBe('json-root');
    const json = ksefToJson(sample).json;
    const hostile = JSON.parse(
      JSON.stringify({ ...json, Faktura: { ...json?.Faktura, ['__proto__']: { x: 1 } } }),
    ) as unknown;
    expect(jsonToKsef(hostile).problems.map((problem) => problem.code)).toEqual([
      'json-unknown-key',
    ]);
    const deep: Record<string, unknown> = {};
    let node = deep;
    for (let level = 0; level < 100_000; level += 1) {
      node.Fa = {};
      node = node.Fa as Record<string, unknown>;
    }
    const result = jsonToKsef({ Faktura: { ...json?.Faktura, Fa: deep } });
    expect(result.problems.map((problem) => problem.code)).toEqual(['json-unknown-key']);
  });
});
