/**
 * The native lane (@fiscus/libxml2-native, the machine's libxml2) against the wasm lane, where
 * the addon was built (npm ci builds it when libxml2-dev and a compiler are there; elsewhere
 * validateUbl takes the wasm lane and these comparisons have nothing to compare): the same XSD
 * verdict, the same tree (nodes, order, lines, namespace declarations) and the same findings,
 * on every document of the Peppol spec folder and thousands of mutations of them.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { libxml2Native } from '@fiscus/libxml2-native';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { checkXsd } from '../src/schema/xsd.ts';
import type { XDocument, XNode } from '../src/tree/node.ts';
import { validateUbl } from '../src/validate.ts';
import { decodeNativeTree } from '../src/xml/native-tree.ts';
import {
  readNatively,
  useNativeLane,
  validateNatively,
  validationLane,
} from '../src/xml/native-validate.ts';
import { acceptInput, acceptInputFully, parseLibxml2, readParsed } from '../src/xml/parse.ts';
import { acceptQuickly } from '../src/xml/quick-accept.ts';
import { isUblRoot } from '../src/xml/roots.ts';
import { rootOf } from '../src/xml/tree-reader.ts';
import { nameIndexes, type NameIndexes } from '../src/xpath/compile.ts';
import { loadCorpus } from './differential/corpus.ts';
import { mutate } from './differential/mutations.ts';
import { peppolDocuments, specName } from './xml-support/corpus.ts';

const built = libxml2Native !== undefined;

/** The wasm lane's layers 1 and 2: the tree when the document is valid against its XSD. */
function wasmRead(xml: string | Uint8Array): XDocument | undefined {
  const raw = parseLibxml2(xml);
  if (raw.pointer === 0) return undefined;
  try {
    const [ns, local] = rootOf(raw.pointer) ?? ['', ''];
    if (!isUblRoot(ns, local)) return undefined;
    const check = checkXsd(raw.pointer, local);
    if (!('validation' in check) || check.validation.total > 0) return undefined;
    return readParsed(raw).document;
  } finally {
    raw.release();
  }
}

function nativeRead(xml: string | Uint8Array): XDocument | undefined {
  const accepted = acceptInput(xml);
  return 'utf8' in accepted ? readNatively(accepted.utf8) : undefined;
}

/**
 * Both lanes on one document: the same verdict, a deep-equal tree when valid (compared without
 * vitest's slow differ first), and the same validateUbl result. Whether it was valid.
 */
function expectSameLanes(xml: string | Uint8Array): boolean {
  const wasm = wasmRead(xml);
  const native = nativeRead(xml);
  expect(native === undefined).toBe(wasm === undefined);
  if (!isDeepStrictEqual(native, wasm)) expect(native).toEqual(wasm);
  useNativeLane(false);
  const wasmValidation = validateUbl(xml);
  useNativeLane(true);
  const nativeValidation = validateUbl(xml);
  if (!isDeepStrictEqual(nativeValidation, wasmValidation)) {
    expect(nativeValidation).toEqual(wasmValidation);
  }
  return wasm !== undefined;
}

/** The nodes of name indexes (each index's keys in order, then its lists), in one list. */
function indexedNodes({ elements, attributes }: NameIndexes): Array<string | XNode> {
  const nodes: Array<string | XNode> = [];
  for (const [local, byNs] of elements) {
    for (const [ns, list] of byNs) nodes.push(`element ${local} ${ns}`, ...list);
  }
  for (const [key, list] of attributes) nodes.push(`attribute ${key}`, ...list);
  return nodes;
}

afterEach(() => useNativeLane(true));

const documents = peppolDocuments().map((file) => [specName(file), file] as const);

/** The base example with changes a tree reader must get right, each still valid or not. */
const base = readFileSync(
  documents.find(([name]) => name.endsWith('bis-billing-3/examples/base-example.xml'))![1],
  'utf8',
);
const variants: Array<[string, string]> = [
  [
    'comments and a processing instruction',
    base.replace(/<cbc:Note>/, '<!-- c --><?pi x?><cbc:Note>x<!--y-->z'),
  ],
  [
    'CDATA beside text',
    base.replace(/<cbc:Note>([^<]*)</, '<cbc:Note>a<![CDATA[<b> & ]]>$1<![CDATA[]]><'),
  ],
  [
    'entity and character references',
    base.replace(/<cbc:Note>/, '<cbc:Note>&amp;&lt;&#x20AC;&#65;'),
  ],
  [
    'non-ASCII text and attributes',
    base
      .replace(/<cbc:Note>/, '<cbc:Note>Zürich € 𝄞 ')
      .replace('currencyID="EUR"', 'currencyID="EUR" '),
  ],
  [
    'a prefix declared deeper',
    base.replace(
      /<cac:AccountingSupplierParty>/,
      '<cac:AccountingSupplierParty xmlns:x="urn:x" xmlns:cbc2="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
    ),
  ],
  [
    'a default namespace for cbc',
    base.replace(
      /<cbc:Note>([^<]*)<\/cbc:Note>/,
      '<Note xmlns="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">$1</Note>',
    ),
  ],
  [
    'a foreign attribute (XSD error)',
    base.replace(/<cbc:Note>/, '<cbc:Note xmlns:f="urn:f" f:a="1">'),
  ],
  [
    'ISO-8859-1 declared',
    base.replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="ISO-8859-1"?>'),
  ],
  ['CRLF line ends and tabs', base.replaceAll('\n', '\r\n').replaceAll('    ', '\t')],
  ['no XML declaration, one line', base.replace(/^<\?xml[^>]*\?>/, '').replaceAll('\n', ' ')],
  ['a comment before the root', base.replace(/(<Invoice)/, '<!-- before -->\n$1')],
  ['an attribute with entities', base.replace('currencyID="EUR"', 'currencyID="E&#x55;R"')],
  [
    '70,000 lines (lines past 65535)',
    base.replace(/<cbc:Note>/, `<cbc:Note>${'\n'.repeat(70_000)}`),
  ],
  [
    'an element past line 65535',
    base.replace(/<cbc:IssueDate>/, `${'\n'.repeat(70_000)}<cbc:IssueDate>`),
  ],
  [
    'a wrong root namespace',
    base.replace(
      'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
      'xmlns="urn:wrong"',
    ),
  ],
  [
    'xsi:schemaLocation on the root (an attribute in a namespace)',
    base.replace(
      '<Invoice ',
      '<Invoice xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2 UBL-Invoice-2.1.xsd" ',
    ),
  ],
  ['not well-formed', base.replace('</cbc:IssueDate>', '</cbc:IssueDat>')],
];

describe.runIf(built)('the native lane answers as the wasm lane', () => {
  it('validateUbl takes it', () => {
    expect(validationLane()).toBe('native');
  });

  it.each(variants)('%s: the same verdict, tree and findings', (_name, xml) => {
    expectSameLanes(xml);
  });

  it('valid variants come through the native lane', () => {
    const valid = variants.filter(([, xml]) => nativeRead(xml) !== undefined).map(([name]) => name);
    expect(valid).toEqual(
      expect.arrayContaining([
        'comments and a processing instruction',
        'CDATA beside text',
        'ISO-8859-1 declared',
        'an element past line 65535',
      ]),
    );
    expect(valid).not.toContain('a foreign attribute (XSD error)');
  });

  it('the name indexes the decoder builds are the ones the rules engine builds itself', () => {
    let compared = 0;
    const inputs = [
      ...documents.map(([, file]) => new Uint8Array(readFileSync(file))),
      ...variants.map(([, xml]) => new TextEncoder().encode(xml)),
    ];
    for (const input of inputs) {
      const accepted = acceptInput(input);
      const encoded = 'utf8' in accepted ? validateNatively(accepted.utf8) : undefined;
      if (encoded === undefined) continue;
      const tree = decodeNativeTree(encoded)!;
      // decodeNativeTree leaves the adoption to readNatively: here the engine builds its own.
      const decoded = indexedNodes(tree.indexes);
      const own = indexedNodes(nameIndexes(tree.document));
      const same = decoded.length === own.length && decoded.every((node, i) => node === own[i]);
      if (!same) {
        const described = (nodes: Array<string | XNode>) =>
          nodes.map((node) => (typeof node === 'string' ? node : node.order));
        expect(described(decoded)).toEqual(described(own));
      }
      expect(same).toBe(true);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(inputs.length / 2);
  });

  it.each(documents)('%s: the same verdict, tree and findings', (_name, file) => {
    const bytes = new Uint8Array(readFileSync(file));
    expectSameLanes(bytes);
  });

  it('property: any cut of the base example or any insertion in it, both lanes alike', () => {
    const fragment = fc.oneof(
      fc.constantFrom(
        '<!--x-->',
        '<![CDATA[a]]>',
        '&amp;',
        '<?p?>',
        '\r\n',
        'é€𝄞',
        '<cbc:Note>n</cbc:Note>',
      ),
      fc.string({ unit: 'binary', maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.nat({ max: base.length }), fc.nat({ max: 40 }), fragment, (at, cut, text) => {
        expectSameLanes(base.slice(0, at) + text + base.slice(at + cut));
      }),
      { numRuns: 300 },
    );
  });

  it('property: the addon alone, on any bytes and any parse options, answers or says "not sure"', () => {
    const addon = libxml2Native!;
    validationLane();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          fc.nat({ max: base.length }).map((at) => new TextEncoder().encode(base.slice(0, at))),
        ),
        fc.integer({ min: 0, max: 0x7fffffff }),
        fc.constantFrom(undefined, 'utf-8', 'ISO-8859-1', 'no-such-encoding'),
        (bytes, options, encoding) => {
          const answer = addon.validate(bytes, options, encoding);
          expect(answer === undefined || typeof answer === 'string').toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('thousands of mutations of the corpus: the same verdicts, trees and findings', () => {
    const { files } = loadCorpus();
    let count = 0;
    let valid = 0;
    files.forEach((file, index) => {
      for (const mutation of mutate(file.xml, 12, 20_265 + index)) {
        count += 1;
        if (expectSameLanes(mutation.xml)) valid += 1;
      }
    });
    expect(count).toBeGreaterThan(2000);
    // Both verdicts are exercised: many mutations keep the XSD, many break it.
    expect(valid).toBeGreaterThan(count / 10);
    expect(count - valid).toBeGreaterThan(count / 10);
  }, 600_000);

  describe("layer 1's quick scan in C accepts only what the full checks accept", () => {
    const encoder = new TextEncoder();
    let quick = 0;
    /** acceptInput (quick scan first) and acceptInputFully answer alike; whether it was quick. */
    const expectSameLayer1 = (bytes: Uint8Array): void => {
      const full = acceptInputFully(bytes);
      if (acceptQuickly(bytes) !== undefined) {
        quick += 1;
        expect('utf8' in full && Buffer.from(full.utf8).equals(Buffer.from(bytes))).toBe(true);
      }
      const answer = acceptInput(bytes);
      if (!isDeepStrictEqual(answer, full)) expect(answer).toEqual(full);
    };

    it('on every document, variant and mutation of the corpus, and on tricky layer-1 input', () => {
      expect(libxml2Native?.scanMarkup).toBeTypeOf('function');
      for (const [, file] of documents) expectSameLayer1(new Uint8Array(readFileSync(file)));
      for (const [, xml] of variants) expectSameLayer1(encoder.encode(xml));
      const { files } = loadCorpus();
      files.slice(0, 60).forEach((file, index) => {
        for (const mutation of mutate(file.xml, 6, 7_001 + index)) {
          expectSameLayer1(encoder.encode(mutation.xml));
        }
      });
      const tricky = [
        base.replace('<cbc:Note>', '<!-- <!DOCTYPE x> --><cbc:Note>'),
        base.replace('<cbc:Note>', '<!-- <!entity x> --><cbc:Note>'),
        base.replace('<cbc:Note>', '<cbc:Note><![CDATA[<!Doctype]]>'),
        base.replace('<cbc:Note>', '<!-- <!Other --><cbc:Note>'),
        `\ufeff${base}`,
        base.replace('<cbc:Note>', '<cbc:Note>\ufffe'),
        base.replace('<cbc:Note>', '<cbc:Note>\u0000'),
        base.replace('<cbc:Note>', '<cbc:Note>\u0085\u00a0'),
        base.replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="utf-8"?>'),
        base.replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="UTF8"?>'),
        base.replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="windows-1252"?>'),
        `\u00a0${base}`,
        `  \n${base}`,
        'not xml',
        '   ',
        '<a>'.repeat(257) + '</a>'.repeat(257),
        '<a>'.repeat(256) + '</a>'.repeat(256),
        `<${'n'.repeat(257)}/>`,
        `<${'n'.repeat(256)}/>`,
      ];
      for (const xml of tricky) expectSameLayer1(encoder.encode(xml));
      expectSameLayer1(
        new Uint8Array([0xff, 0xfe, 0x3c, 0x00, 0x61, 0x00, 0x2f, 0x00, 0x3e, 0x00]),
      );
      expectSameLayer1(new Uint8Array([0x3c, 0x61, 0x3e, 0xc3, 0x28, 0x3c, 0x2f, 0x61, 0x3e]));
      // Most of the corpus takes the quick lane: the comparison above is not empty.
      expect(quick).toBeGreaterThan(documents.length / 2);
    });

    it('counts "<" and "=" against the markup limit', () => {
      const scan = (xml: string, limit: number): number | undefined =>
        libxml2Native?.scanMarkup?.(encoder.encode(xml), 256, 256, limit);
      expect(scan('<r a="1"><b/></r>', 4)).not.toBe(0);
      expect(scan('<r a="1"><b/></r>', 3)).toBe(0);
      expect(scan('<r>a=b</r>', 3)).not.toBe(0);
      expect(scan('<r>a=b</r>', 2)).toBe(0);
    });

    it('property: any string of markup pieces, any bytes', () => {
      const pieces = fc.constantFrom(
        '<',
        '>',
        '/',
        '=',
        '"',
        ' ',
        '\n',
        'a',
        'b:c',
        'ü',
        '€',
        '𝄞',
        '\u0085',
        '\ufffe',
        '<!--',
        '-->',
        '<![CDATA[',
        ']]>',
        '<?xml ',
        '<?',
        '?>',
        '<!DOCTYPE',
        '<!e',
        '<a>',
        '</a>',
        '<b x="1">',
        '</b>',
        '<c/>',
        '\u0000',
        '\t',
        'encoding="latin1"',
      );
      fc.assert(
        fc.property(
          fc.oneof(
            fc.uint8Array({ maxLength: 200 }),
            fc.array(pieces, { maxLength: 50 }).map((parts) => encoder.encode(parts.join(''))),
          ),
          (bytes) => expectSameLayer1(bytes),
        ),
        { numRuns: 3000 },
      );
    });
  });
});
