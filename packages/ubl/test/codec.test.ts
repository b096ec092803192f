import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { descriptorSource } from '../scripts/generate-descriptor.ts';
import { jsonPathOf, jsonToUbl, ublToJson } from '../src/codec/index.ts';
import { stringValue, type XElement } from '../src/tree/node.ts';
import { parseUbl } from '../src/xml/parse.ts';
import { validateUbl } from '../src/validate.ts';
import {
  canonical,
  firstDifference,
  orderless,
  peppolDocuments,
  specName,
} from './xml-support/corpus.ts';

const documents = peppolDocuments();

describe('XML → JSON → XML keeps every element, attribute and prefix', () => {
  it('covers every example and test file of spec/peppol', () => {
    expect(documents.length).toBeGreaterThan(150);
  });

  it.each(documents.map((file) => [specName(file), file]))('%s', (_name, file) => {
    const bytes = readFileSync(file);
    const original = parseUbl(bytes);
    expect(original.findings).toEqual([]);
    const { json, findings } = ublToJson(bytes);
    expect(findings).toEqual([]);
    const written = jsonToUbl(JSON.parse(JSON.stringify(json)));
    expect(written.problems).toEqual([]);
    const again = parseUbl(written.xml ?? '');
    expect(again.findings).toEqual([]);
    const before = canonical(original.document!);
    const after = canonical(again.document!);
    if (firstDifference(before, after) !== undefined) {
      // Only a document whose elements are out of the schema's order (so XSD-invalid) may
      // come back different: in schema order, nothing lost.
      expect(validateUbl(bytes).findings.some((finding) => finding.id === 'XSD')).toBe(true);
      expect(firstDifference(orderless(before), orderless(after))).toBeUndefined();
    }
    // And the JSON of the written XML is the same JSON.
    expect(ublToJson(written.xml ?? '').json).toEqual(json);
  });
});

const baseExample = documents.find((file) =>
  specName(file).endsWith('bis-billing-3/examples/base-example.xml'),
)!;

/** The value at a JSON path (`A.B[0].C`, `$`-keys included). */
function at(json: unknown, path: string): unknown {
  let value = json;
  for (const part of path.split('.')) {
    const indexed = /^(.+)\[(\d+)\]$/.exec(part);
    const key = indexed ? indexed[1]! : part;
    value = (value as Record<string, unknown> | undefined)?.[key];
    if (indexed) value = (value as unknown[] | undefined)?.[Number(indexed[2])];
  }
  return value;
}

function elements(element: XElement): XElement[] {
  return [
    element,
    ...element.children.flatMap((child) => (child.kind === 'element' ? elements(child) : [])),
  ];
}

describe('the JSON shape', () => {
  const { json } = ublToJson(readFileSync(baseExample));
  const invoice = json?.Invoice as Record<string, unknown>;

  it("keeps basic values as the file's strings, attributes beside them", () => {
    expect(invoice.CustomizationID).toBe(
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    );
    expect(invoice.IssueDate).toBe('2017-11-13');
    expect(at(json, 'Invoice.LegalMonetaryTotal.PayableAmount')).toEqual({
      value: '1656.25',
      currencyID: 'EUR',
    });
    expect(at(json, 'Invoice.AccountingSupplierParty.Party.EndpointID')).toEqual({
      value: '9482348239847239874',
      schemeID: '0088',
    });
  });

  it('makes every element whose maxOccurs is above 1 an array, even with one item', () => {
    expect(Array.isArray(invoice.InvoiceLine)).toBe(true);
    expect(at(json, 'Invoice.PaymentTerms[0].Note')).toEqual([
      'Payment within 10 days, 2% discount',
    ]);
    expect(Array.isArray(at(json, 'Invoice.AccountingSupplierParty.Party.PartyName'))).toBe(true);
    expect(Array.isArray(invoice.AccountingSupplierParty)).toBe(false);
  });

  it('keeps the namespace declarations of the root under $ns', () => {
    expect(invoice.$ns).toEqual({
      '': 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
      cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
      cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
    });
  });
});

describe('jsonPathOf', () => {
  it('names elements and attributes as the JSON holds them', () => {
    const { document } = parseUbl(readFileSync(baseExample));
    const all = elements(document!.root!);
    const names = all.filter(
      (element) =>
        element.local === 'Name' &&
        element.parent.kind === 'element' &&
        element.parent.local === 'Item',
    );
    expect(names.map((name) => jsonPathOf(name))).toEqual([
      'Invoice.InvoiceLine[0].Item.Name',
      'Invoice.InvoiceLine[1].Item.Name',
    ]);
    const payable = all.find((element) => element.local === 'PayableAmount')!;
    expect(jsonPathOf(payable.attrs[0]!)).toBe(
      'Invoice.LegalMonetaryTotal.PayableAmount.currencyID',
    );
    expect(jsonPathOf(document!)).toBe('');
  });

  it.each(documents.slice(0, 40).map((file) => [specName(file), file]))(
    "leads to each basic element's text in the JSON of %s",
    (_name, file) => {
      const bytes = readFileSync(file);
      const { document } = parseUbl(bytes);
      const { json } = ublToJson(bytes);
      for (const element of elements(document!.root!)) {
        const path = jsonPathOf(element);
        if (path.includes('$')) continue;
        const value = at(json, path);
        if (typeof value === 'string') expect(value).toBe(stringValue(element));
        else if (value && typeof value === 'object' && 'value' in value) {
          expect((value as { value: string }).value).toBe(stringValue(element));
        } else expect(typeof value, path).toBe('object');
      }
    },
  );
});

describe('jsonToUbl', () => {
  const minimal = {
    Invoice: {
      CustomizationID: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      ID: '1',
      IssueDate: '2024-01-31',
      Note: ['a & b < c'],
      LegalMonetaryTotal: { PayableAmount: { value: '10.00', currencyID: 'EUR' } },
      InvoiceLine: [],
    },
  };

  it('writes children in schema order with the usual prefixes when the JSON has no $ns', () => {
    const shuffled = {
      Invoice: {
        LegalMonetaryTotal: minimal.Invoice.LegalMonetaryTotal,
        Note: minimal.Invoice.Note,
        IssueDate: minimal.Invoice.IssueDate,
        ID: minimal.Invoice.ID,
        CustomizationID: minimal.Invoice.CustomizationID,
      },
    };
    const { xml, problems } = jsonToUbl(shuffled);
    expect(problems).toEqual([]);
    const names = elements(parseUbl(xml!).document!.root!).map(
      (element) => `${element.prefix}:${element.local}`,
    );
    expect(names).toEqual([
      ':Invoice',
      'cbc:CustomizationID',
      'cbc:ID',
      'cbc:IssueDate',
      'cbc:Note',
      'cac:LegalMonetaryTotal',
      'cbc:PayableAmount',
    ]);
    expect(xml).toContain('<cbc:Note>a &amp; b &lt; c</cbc:Note>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">10.00</cbc:PayableAmount>');
  });

  it('reports unknown keys and values of the wrong type, and writes the rest', () => {
    const { xml, problems } = jsonToUbl({
      Invoice: {
        ...minimal.Invoice,
        Colour: 'blue',
        ID: 12345,
        Note: 'not an array',
        AccountingSupplierParty: [{}],
        LegalMonetaryTotal: { PayableAmount: { value: '10.00', currency: 'EUR' } },
      },
    });
    expect(problems.map((found) => [found.id, found.path])).toEqual([
      ['JSON-UNKNOWN-KEY', 'Invoice.Colour'],
      ['JSON-TYPE', 'Invoice.ID'],
      ['JSON-TYPE', 'Invoice.Note'],
      ['JSON-TYPE', 'Invoice.AccountingSupplierParty'],
      ['JSON-UNKNOWN-KEY', 'Invoice.LegalMonetaryTotal.PayableAmount.currency'],
    ]);
    expect(xml).toContain('<cbc:IssueDate>2024-01-31</cbc:IssueDate>');
    expect(xml).not.toContain('Colour');
  });

  it.each([
    ['null', null],
    ['an array', [minimal]],
    ['a string', '<Invoice/>'],
    ['two roots', { Invoice: {}, CreditNote: {} }],
    ['an unknown root', { Factura: {} }],
  ])('refuses %s without throwing', (_name, json) => {
    const { xml, problems } = jsonToUbl(json);
    expect(xml).toBeUndefined();
    expect(problems.length).toBe(1);
  });

  it('refuses nesting deeper than layer 1 reads (recursive aggregates)', () => {
    let location: Record<string, unknown> = { ID: 'bottom' };
    for (let depth = 0; depth < 100_000; depth += 1) location = { SubsidiaryLocation: [location] };
    const { xml, problems } = jsonToUbl({
      Invoice: { ...minimal.Invoice, Delivery: [{ DeliveryLocation: location }] },
    });
    expect(problems.map((found) => found.id)).toEqual(['JSON-DEPTH']);
    expect(parseUbl(xml!).findings).toEqual([]);
  });

  it('refuses raw XML that would break the document', () => {
    const { xml, problems } = jsonToUbl({
      Invoice: { ...minimal.Invoice, '$cbc:Foo': ['</Invoice><Invoice>'] },
    });
    expect(xml).toBeUndefined();
    expect(problems.map((found) => found.id)).toEqual(['JSON-RAW-XML']);
  });
});

describe('the descriptor', () => {
  it('is what the generator makes of the shipped UBL 2.1 XSD (npm run generate:descriptor)', async () => {
    const shipped = readFileSync(
      new URL('../src/codec/descriptor.generated.ts', import.meta.url),
      'utf8',
    );
    expect(await descriptorSource()).toBe(shipped);
  });
});
