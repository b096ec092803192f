import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  numberDocumentOrder,
  stringValue,
  type XDocument,
  type XElement,
  type XNode,
} from '../src/tree/node.ts';
import { xpathOf } from '../src/xml/location.ts';
import { parseUbl } from '../src/xml/parse.ts';
import { peppolDocuments, specName } from './xml-support/corpus.ts';

const INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const CBC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

function parse(xml: string): XDocument {
  const { document, findings } = parseUbl(xml);
  expect(findings).toEqual([]);
  return document!;
}

function elements(element: XElement): XElement[] {
  return element.children.filter((child): child is XElement => child.kind === 'element');
}

/** Every node in document order as numberDocumentOrder defines it. */
function walk(document: XDocument): XNode[] {
  const nodes: XNode[] = [document];
  const visit = (element: XElement): void => {
    nodes.push(element, ...element.attrs);
    for (const child of element.children) {
      if (child.kind === 'element') visit(child);
      else nodes.push(child);
    }
  };
  if (document.root) visit(document.root);
  return nodes;
}

describe("parseUbl reads libxml2's document into the tree", () => {
  const document = parse(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<Invoice xmlns="${INVOICE_NS}" xmlns:cbc="${CBC_NS}" xmlns:c="${CAC_NS}">`,
      '  <cbc:ID>A&amp;B &#x20AC; <![CDATA[<raw>]]> end</cbc:ID>',
      '  <!-- a comment -->',
      '  <?pi data?>',
      '  <c:LegalMonetaryTotal>',
      '    <cbc:PayableAmount currencyID="EUR" z="2" a="1">10.00</cbc:PayableAmount>',
      '  </c:LegalMonetaryTotal>',
      '</Invoice>',
    ].join('\r\n'),
  );
  const root = document.root!;

  it('gives each element its namespace, local name, prefix and declarations', () => {
    expect([root.ns, root.local, root.prefix]).toEqual([INVOICE_NS, 'Invoice', '']);
    expect(root.nsDecls).toEqual([
      ['', INVOICE_NS],
      ['cbc', CBC_NS],
      ['c', CAC_NS],
    ]);
    const [id, total] = elements(root);
    expect([id!.ns, id!.local, id!.prefix]).toEqual([CBC_NS, 'ID', 'cbc']);
    expect([total!.ns, total!.local, total!.prefix]).toEqual([CAC_NS, 'LegalMonetaryTotal', 'c']);
    expect(id!.parent).toBe(root);
    expect(document.children).toEqual([root]);
  });

  it('expands references, merges CDATA into its text, drops comments and instructions', () => {
    const id = elements(root)[0]!;
    expect(id.children).toHaveLength(1);
    expect(stringValue(id)).toBe('A&B € <raw> end');
    expect(
      root.children.some((child) => child.kind === 'text' && child.value.includes('comment')),
    ).toBe(false);
  });

  it('keeps whitespace text, with line ends normalised as XML requires', () => {
    const first = root.children[0]!;
    expect(first).toMatchObject({ kind: 'text', value: '\n  ' });
    expect(stringValue(root)).not.toContain('\r');
  });

  it('keeps attributes in file order, and the lines of start tags', () => {
    const amount = elements(elements(root)[1]!)[0]!;
    expect(amount.attrs.map((attribute) => [attribute.local, attribute.value])).toEqual([
      ['currencyID', 'EUR'],
      ['z', '2'],
      ['a', '1'],
    ]);
    expect(amount.attrs[0]!.parent).toBe(amount);
    expect([root.line, elements(root)[0]!.line, amount.line]).toEqual([2, 3, 7]);
  });

  it('numbers nodes in document order, as numberDocumentOrder does', () => {
    const orders = walk(document).map((node) => node.order);
    expect(orders).toEqual(orders.map((_order, index) => index));
    numberDocumentOrder(document);
    expect(walk(document).map((node) => node.order)).toEqual(orders);
  });

  it('writes locations as the official XSLT does', () => {
    const amount = elements(elements(root)[1]!)[0]!;
    expect(xpathOf(amount.attrs[0]!)).toBe(
      `/*:Invoice[namespace-uri()='${INVOICE_NS}'][1]/*:LegalMonetaryTotal[namespace-uri()='${CAC_NS}'][1]/*:PayableAmount[namespace-uri()='${CBC_NS}'][1]/@currencyID`,
    );
  });
});

describe('every example and test file of spec/peppol', () => {
  it.each(peppolDocuments().map((file) => [specName(file), file]))('%s', (_name, file) => {
    const { document, findings } = parseUbl(readFileSync(file));
    expect(findings).toEqual([]);
    const nodes = walk(document!);
    expect(nodes.map((node) => node.order)).toEqual(nodes.map((_node, index) => index));
  });
});
