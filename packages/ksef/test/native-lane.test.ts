/**
 * The native lane (@fiscus/libxml2-native, the machine's libxml2) against the wasm lane, where
 * the addon was built (npm ci builds it when libxml2-dev and a compiler are there; elsewhere
 * validateKsef takes the wasm lane and these comparisons have nothing to compare).
 */
import { readFileSync } from 'node:fs';
import { libxml2Native } from '@fiscus/libxml2-native';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKED_VIEW } from '../src/checks/index.ts';
import { formOfNamespace, FORMS } from '../src/codec/descriptor.ts';
import { libxml2Root, readLibxml2Tree } from '../src/codec/libxml2-tree.ts';
import { readNatively, useNativeLane, validationLane } from '../src/schema/native-validate.ts';
import { freeQuickly, parseQuickly, validQuickly } from '../src/schema/quick-validate.ts';
import { validateKsef, type ValidateKsefOptions } from '../src/validate.ts';
import { MAX_XML_DEPTH, MAX_XML_NAME_LENGTH } from '@fiscus/fatturapa/xml-markup-limits';
import { markupAllowed, markupAllowedInJs } from '../src/xml/quick-scan.ts';
import { checkXmlRules } from '../src/xml/xml-rules.ts';
import { breaking, cases, formatting } from './mutation-corpus.ts';
import { invoiceSamples, LATE_ACCEPTANCE, sampleName } from './validate-corpus.ts';

const built = libxml2Native !== undefined;

/** The wasm lane's answer for layer 2: the form and the view's JSON when valid, else undefined. */
function wasmRead(bytes: Uint8Array, plain: boolean): string | undefined {
  const document = parseQuickly(bytes, { plain });
  if (document === 0) return undefined;
  try {
    const root = libxml2Root(document);
    const form = root && formOfNamespace(root.namespace);
    if (!root || !form || root.name !== FORMS[form].root || !validQuickly(document, form)) {
      return undefined;
    }
    return JSON.stringify([form, readLibxml2Tree(root.root, form, CHECKED_VIEW)]);
  } finally {
    freeQuickly(document);
  }
}

function nativeRead(bytes: Uint8Array, plain: boolean): string | undefined {
  const read = readNatively({ text: '', bytes, plain }, CHECKED_VIEW);
  return read && JSON.stringify([read.form, read.json]);
}

/** validateKsef on the wasm lane, then on the native lane: the same result. */
function expectSameVerdicts(xml: string | Uint8Array, options: ValidateKsefOptions): void {
  useNativeLane(false);
  const wasm = validateKsef(xml, options);
  useNativeLane(true);
  expect(validateKsef(xml, options)).toEqual(wasm);
}

afterEach(() => useNativeLane(true));

describe.runIf(built)('the native lane answers as the wasm lane', () => {
  it('validateKsef takes it', () => {
    expect(validationLane()).toBe('native');
  });

  const samples = invoiceSamples().map((file) => [sampleName(file), file]);
  it.each(samples)('%s: the same verdict and view, blanks kept or not', (_name, file) => {
    const bytes = new Uint8Array(readFileSync(file));
    const accepted = checkXmlRules(bytes).accepted;
    if (!accepted) return;
    for (const plain of accepted.plain === true ? [false, true] : [false]) {
      expect(nativeRead(accepted.bytes, plain)).toBe(wasmRead(accepted.bytes, plain));
    }
    expectSameVerdicts(bytes, { acceptedOn: LATE_ACCEPTANCE });
    expectSameVerdicts(bytes, { acceptedOn: '2020-01-01', requireForm: 'FA(3)' });
  });

  it.each([...cases(formatting), ...cases(breaking)])(
    'mutation %s: %s gets the same findings',
    (_name, _file, mutation, xml) => {
      const options = { acceptedOn: LATE_ACCEPTANCE, ...mutation.options?.(xml) };
      expectSameVerdicts(xml, options);
      const accepted = checkXmlRules(xml).accepted;
      if (accepted) {
        expect(nativeRead(accepted.bytes, accepted.plain === true)).toBe(
          wasmRead(accepted.bytes, accepted.plain === true),
        );
      }
    },
  );

  it('refuses to load any file but the schemas: an external entity is never read', () => {
    // Layer 1 refuses a DOCTYPE before any parser sees it; the addon alone refuses it too.
    const xxe = new TextEncoder().encode(
      `<?xml version="1.0"?><!DOCTYPE Faktura [<!ENTITY x SYSTEM "file:///etc/passwd">]><Faktura xmlns="${FORMS['FA(3)'].namespace}">&x;</Faktura>`,
    );
    expect(libxml2Native?.validate(xxe, 0)).toBeUndefined();
    expect(libxml2Native?.validate(new Uint8Array([0x3c, 0xff, 0]), 0)).toBeUndefined();
  });

  it('property: the addon alone, any bytes or a sample cut anywhere, with any options', () => {
    const sample = readFileSync(samples[0]?.[1] ?? '');
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 400 }),
      fc
        .tuple(fc.nat(sample.length), fc.nat(sample.length))
        .map(
          ([from, to]) => new Uint8Array(sample.subarray(Math.min(from, to), Math.max(from, to))),
        ),
    );
    fc.assert(
      fc.property(bytes, fc.integer(), (input, options) => {
        const answer = libxml2Native?.validate(input, options);
        expect(answer === undefined || (/^\d/.test(answer) && answer.charCodeAt(1) === 1)).toBe(
          true,
        );
      }),
      { numRuns: 500 },
    );
  });

  describe("layer 1's quick scan in C answers as the TypeScript one", () => {
    const encoder = new TextEncoder();
    const expectSameScan = (bytes: Uint8Array): void => {
      expect(markupAllowed(bytes)).toBe(markupAllowedInJs(bytes));
    };

    it('on every sample, every mutation and every cut of a sample', () => {
      expect(libxml2Native?.scanMarkup).toBeTypeOf('function');
      const files = invoiceSamples();
      for (const file of files) expectSameScan(new Uint8Array(readFileSync(file)));
      for (const [, , , xml] of [...cases(formatting), ...cases(breaking)]) {
        expectSameScan(typeof xml === 'string' ? encoder.encode(xml) : xml);
      }
      const sample = new Uint8Array(readFileSync(files[0] ?? ''));
      for (let cut = 0; cut < sample.length; cut += 7) {
        expectSameScan(sample.subarray(0, cut));
        expectSameScan(sample.subarray(cut));
      }
    });

    it('at the depth and name-length limits, and on tricky markup', () => {
      const name = (length: number): string => 'a'.repeat(length);
      const nested = (depth: number): string => '<a>'.repeat(depth) + '</a>'.repeat(depth);
      const tricky = [
        nested(MAX_XML_DEPTH),
        nested(MAX_XML_DEPTH + 1),
        `<${name(MAX_XML_NAME_LENGTH)}/>`,
        `<${name(MAX_XML_NAME_LENGTH + 1)}/>`,
        `<p:${name(MAX_XML_NAME_LENGTH)}/>`,
        `<${name(MAX_XML_NAME_LENGTH + 1)}:b/>`,
        `<a ${name(MAX_XML_NAME_LENGTH + 1)}="1"/>`,
        `<a></${name(MAX_XML_NAME_LENGTH + 1)}>`,
        '<a b="<"/>',
        '<a b=\'x\' c = "y" />',
        '<a b=x/>',
        '<a b',
        '<a b=',
        '<a b="',
        '<',
        '<a><',
        '<!---->',
        '<!-->',
        '<!--->',
        '<a><!-- x --></a>',
        '<a><![CDATA[<x>]]></a>',
        '<a><![CDATA[',
        '<!DOCTYPE a><a/>',
        '<?xml version="1.0"?><a/>',
        '<?xml?><a/>',
        '<?xml',
        '<?xmlx?><a/>',
        '<a/><?pi x?>',
        '<a>\u0085</a>',
        '<a>\ufffe\ufdd0\uffff</a>',
        '<a>ąę€😀</a>',
        '<a>\u0001</a>',
      ];
      for (const text of tricky) expectSameScan(encoder.encode(text));
      for (const raw of [
        [0x3c, 0x61, 0x3e, 0xff],
        [0x3c, 0x61, 0x3e, 0xed, 0xa0, 0x80],
        [0xc0, 0x80],
      ]) {
        expectSameScan(new Uint8Array(raw));
      }
    });

    it('property: any bytes, and any string of markup pieces', () => {
      const pieces = fc.constantFrom(
        '<',
        '>',
        '/',
        '=',
        '"',
        "'",
        ' ',
        '\n',
        'a',
        'b:c',
        'ą',
        '€',
        '😀',
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
        '<a>',
        '</a>',
        '<b x="1">',
        '</b>',
        '<c/>',
        '\u0000',
        '\t',
      );
      fc.assert(
        fc.property(
          fc.oneof(
            fc.uint8Array({ maxLength: 300 }),
            fc.array(pieces, { maxLength: 60 }).map((parts) => encoder.encode(parts.join(''))),
          ),
          (bytes) => expectSameScan(bytes),
        ),
        { numRuns: 3000 },
      );
    });
  });
});
