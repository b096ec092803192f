import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonToUbl, ublToJson } from '../src/codec/index.ts';
import { validateUbl } from '../src/validate.ts';
import { parseUbl } from '../src/xml/parse.ts';
import { peppolDocuments, specName } from './xml-support/corpus.ts';

/**
 * The project's property-based hostile-input test (as in packages/fatturapa/test/sdi/robustness
 * and apps/api/test/security) over this package's entry points: whatever the bytes, the text or
 * the JSON, parseUbl, validateUbl, ublToJson and jsonToUbl answer with findings or problems and
 * never throw.
 */

const baseExample = readFileSync(
  peppolDocuments().find((file) =>
    specName(file).endsWith('bis-billing-3/examples/base-example.xml'),
  )!,
  'utf8',
);

/** Fragments an attacker or a broken exporter puts in XML. */
const hostileFragment = fc.constantFrom(
  '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
  '<!ENTITY lol "lol">',
  '&e;',
  '&#0;',
  '&#xD800;',
  '&amp',
  '<',
  '>',
  ']]>',
  '<![CDATA[',
  '<!--',
  '<?xml version="1.0"?>',
  '\u0000',
  '\uD800',
  '\uFEFF',
  'xmlns:cbc="urn:wrong"',
  '</cbc:ID>',
  '<cbc:ID>',
  '<cac:InvoiceLine>',
  'currencyID="EUR"',
  '"',
  "'",
  '=',
  'abc',
);

const insertion = fc.oneof(hostileFragment, fc.string({ unit: 'binary', maxLength: 20 }));

/** The base example with a hostile insertion at any place, or a slice of it cut off. */
const hostileXml = fc.oneof(
  fc
    .tuple(fc.nat({ max: baseExample.length }), insertion)
    .map(([at, text]) => baseExample.slice(0, at) + text + baseExample.slice(at)),
  fc
    .tuple(fc.nat({ max: baseExample.length }), fc.nat({ max: 200 }))
    .map(([at, length]) => baseExample.slice(0, at) + baseExample.slice(at + length)),
);

function expectFindingsOnly(input: string | Uint8Array): void {
  const parsed = parseUbl(input);
  expect(parsed.document !== undefined || parsed.findings.length > 0).toBe(true);
  const converted = ublToJson(input);
  expect(converted.json !== undefined || converted.findings.length > 0).toBe(true);
  const validated = validateUbl(input);
  expect(validated.valid).toBe(!validated.findings.some((finding) => finding.flag === 'fatal'));
  for (const finding of validated.findings) {
    expect(['xml', 'schema', 'rules']).toContain(finding.layer);
    expect(typeof finding.message).toBe('string');
  }
}

/** Every object path of a JSON value. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, child]) => pathsOf(child, [...prefix, key]))];
}

function replaceAt(root: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = replacement;
  return copy;
}

describe('hostile input never makes the entry points throw', () => {
  it('property: the base example with any hostile insertion or cut', () => {
    fc.assert(fc.property(hostileXml, expectFindingsOnly), { numRuns: 150 });
  });

  it('property: the same as bytes, in UTF-8 or UTF-16', () => {
    fc.assert(
      fc.property(hostileXml, fc.boolean(), (xml, utf16) => {
        expectFindingsOnly(
          utf16
            ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')])
            : Buffer.from(xml),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('property: any bytes at all', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        expectFindingsOnly(bytes);
      }),
      { numRuns: 150 },
    );
  });

  it('property: any field of the JSON replaced by any JSON value', () => {
    const json = ublToJson(baseExample).json;
    const paths = pathsOf(json);
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 4 }), (path, value) => {
        const result = jsonToUbl(replaceAt(json, path, value));
        expect(result.xml !== undefined || result.problems.length > 0).toBe(true);
        if (result.xml !== undefined) {
          // What it writes is well-formed XML, whatever it was given.
          expect(parseUbl(result.xml).document).toBeDefined();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('property: hostile keys and raw XML in the JSON', () => {
    const json = ublToJson(baseExample).json!;
    const key = fc.oneof(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'toString',
        '$ns',
        '$attrs',
        '$xml',
        '$text',
        '$cbc:X',
        'value',
      ),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(
        // A key of an object (a JSON array has no named keys: its `length` is no field).
        fc.constantFrom(...pathsOf(json).filter((path) => typeof path.at(-1) === 'string')),
        key,
        fc.oneof(fc.jsonValue({ maxDepth: 3 }), insertion),
        (path, name, value) => {
          const result = jsonToUbl(replaceAt(json, [...path.slice(0, -1), name], value));
          expect(result.xml !== undefined || result.problems.length > 0).toBe(true);
          if (result.xml !== undefined) expect(parseUbl(result.xml).document).toBeDefined();
        },
      ),
      { numRuns: 300 },
    );
  });
});
