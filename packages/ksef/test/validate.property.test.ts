import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../src/checks/index.ts';
import { FORMS, type KsefForm } from '../src/codec/descriptor.ts';
import { jsonToKsef } from '../src/codec/json-to-xml.ts';
import type { KsefJson } from '../src/codec/ksef-json.ts';
import { ksefToJson, validateKsef } from '../src/validate.ts';
import { ksefSamples, LATE_ACCEPTANCE } from './validate-corpus.ts';

const sample = readFileSync(path.join(ksefSamples, 'fa3-official-mf/FA_3_Przykład_1.xml'), 'utf8');

// Leaf text as found in invoices: letters, Polish letters, digits, punctuation and the characters
// XML must escape. Carriage returns are left out: XML parsers normalise them to line feeds.
const leafText = fc.string({
  unit: fc.constantFrom(...'aZ09 .,-/ąęłńóśźżŁ€&<>"\'\n\t'.split('')),
  minLength: 1,
  maxLength: 12,
});

const MAX_DEPTH = 5;

/** An arbitrary invoice of a form: any subset of the elements, repeating ones 1-3 times. */
function invoiceArbitrary(form: KsefForm): fc.Arbitrary<Record<string, unknown>> {
  const { types, root } = FORMS[form];
  const complex = (typeName: string, depth: number): fc.Arbitrary<Record<string, unknown>> => {
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const child of types[typeName] ?? []) {
      if (child.type && depth >= MAX_DEPTH) continue;
      const attributes = child.attributes ?? [];
      const leaf: fc.Arbitrary<unknown> =
        attributes.length > 0
          ? fc.record({
              ...Object.fromEntries(attributes.map((name) => [name, leafText])),
              __value: leafText,
            })
          : leafText;
      const item: fc.Arbitrary<unknown> = child.type
        ? fc.constant(null).chain(() => complex(child.type ?? '', depth + 1))
        : leaf;
      record[child.name] = child.many ? fc.array(item, { minLength: 1, maxLength: 3 }) : item;
    }
    return fc.record(record, { requiredKeys: [] });
  };
  const system = { 'FA(3)': 'FA (3)', 'FA(2)': 'FA (2)', 'FA_RR(1)': 'FA_RR (1)' }[form];
  return complex(root, 0).map((invoice) => ({
    ...invoice,
    // The form is read from kodSystemowy.
    Naglowek: {
      ...(invoice.Naglowek as object),
      KodFormularza: { kodSystemowy: system, wersjaSchemy: '1-0E', __value: 'FA' },
    },
  }));
}

/** Every object path of a JSON value, e.g. ['Faktura', 'Fa', 'FaWiersz', 0]. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, child]) => pathsOf(child, [...prefix, key]))];
}

function replaceAt(root: unknown, at: (string | number)[], replacement: unknown): unknown {
  if (at.length === 0) return replacement;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at[at.length - 1] as string | number] = replacement;
  return copy;
}

describe('generated invoices go JSON → XML → JSON unchanged', () => {
  for (const form of ['FA(3)', 'FA(2)', 'FA_RR(1)'] as const) {
    it(form, () => {
      fc.assert(
        fc.property(invoiceArbitrary(form), (faktura) => {
          const written = jsonToKsef({ Faktura: faktura });
          expect(written.problems).toEqual([]);
          const read = ksefToJson(written.xml ?? '');
          expect(read.form).toBe(form);
          const { $xmlns, ...back } = read.json?.Faktura ?? {};
          expect($xmlns).toEqual({ '': FORMS[form].namespace });
          expect(back).toEqual(faktura);
        }),
        { numRuns: 40 },
      );
    });
  }
});

describe('hostile input never makes the entry points throw', () => {
  it('property: any text, and the sample with any text spliced in or cut out', () => {
    const spliced = fc
      .tuple(fc.nat(sample.length), fc.nat(200), fc.string({ unit: 'binary', maxLength: 40 }))
      .map(([at, cut, text]) => sample.slice(0, at) + text + sample.slice(at + cut));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), spliced), (text) => {
        const result = validateKsef(text, { acceptedOn: LATE_ACCEPTANCE });
        expect(result.valid).toBe(!result.findings.some((finding) => finding.layer !== 'advisory'));
        const read = ksefToJson(text);
        if (read.json) jsonToKsef(read.json);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('property: any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        expect(validateKsef(bytes, { acceptedOn: LATE_ACCEPTANCE }).valid).toBe(false);
        expect(ksefToJson(bytes).json).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('property: any field of the JSON replaced by any JSON value', () => {
    const json = ksefToJson(sample).json as KsefJson;
    const paths = pathsOf(json);
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.jsonValue(), (at, replacement) => {
        const changed = replaceAt(json, at, replacement);
        jsonToKsef(changed);
        runChecks(changed as KsefJson, 'FA(3)', LATE_ACCEPTANCE);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});
