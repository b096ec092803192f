import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TypeDescriptors } from '../src/codec/descriptor.ts';
import { ordinaryTypes, simplifiedTypes } from '../src/codec/descriptor.generated.ts';
import { jsonToXml } from '../src/codec/json-to-xml.ts';
import { xmlToJson } from '../src/codec/xml-to-json.ts';
import type { InvoiceFormat } from '../src/model/index.ts';

// Leaf text as found in invoices: letters, accents, digits, punctuation and the characters XML
// must escape. Carriage returns are left out: XML parsers normalise them to line feeds.
const leafText = fc.string({
  unit: fc.constantFrom(...'aZ09 .,-/àèéìòù€&<>"\'\n\t'.split('')),
  minLength: 1,
  maxLength: 12,
});

const MAX_DEPTH = 6;

/** An arbitrary invoice of the model: any subset of the elements, repeated ones 1-3 times. */
function invoiceArbitrary(types: TypeDescriptors): fc.Arbitrary<Record<string, unknown>> {
  const complex = (typeName: string, depth: number): fc.Arbitrary<Record<string, unknown>> => {
    const children = (types[typeName] ?? []).filter((child) => !child.complex || depth < MAX_DEPTH);
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    for (const child of children) {
      const item: fc.Arbitrary<unknown> = child.complex
        ? fc.constant(null).chain(() => complex(child.complex ?? '', depth + 1))
        : leafText;
      record[child.key] = child.many ? fc.array(item, { minLength: 1, maxLength: 3 }) : item;
    }
    return fc.record(record, { requiredKeys: [] });
  };
  return complex('FatturaElettronica', 0).map((invoice) => ({
    ...invoice,
    // The reader always gives a body array, even an empty one.
    fattura_elettronica_body: invoice.fattura_elettronica_body ?? [],
  }));
}

function roundTrip(invoice: Record<string, unknown>, format: InvoiceFormat): unknown {
  const result = xmlToJson(jsonToXml(invoice, format));
  if (!result.ok) throw new Error(JSON.stringify(result.findings));
  return result.invoice;
}

describe('generated invoices go JSON → XML → JSON unchanged', () => {
  it('ordinary (FPR12)', () => {
    fc.assert(
      fc.property(invoiceArbitrary(ordinaryTypes), (invoice) => {
        expect(roundTrip(invoice, 'FPR12')).toEqual(invoice);
      }),
      { numRuns: 60 },
    );
  });

  it('ordinary with SistemaEmittente (FPA12)', () => {
    fc.assert(
      fc.property(invoiceArbitrary(ordinaryTypes), leafText, (invoice, sistema) => {
        const withAttribute = { ...invoice, sistema_emittente: sistema.replace(/[\n\t]/g, ' ') };
        expect(roundTrip(withAttribute, 'FPA12')).toEqual(withAttribute);
      }),
      { numRuns: 30 },
    );
  });

  it('simplified (FSM10)', () => {
    fc.assert(
      fc.property(invoiceArbitrary(simplifiedTypes), (invoice) => {
        expect(roundTrip(invoice, 'FSM10')).toEqual(invoice);
      }),
      { numRuns: 60 },
    );
  });
});
