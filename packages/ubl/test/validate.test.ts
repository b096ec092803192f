import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateUbl } from '../src/validate.ts';
import { peppolDocuments, specName } from './xml-support/corpus.ts';

const base = readFileSync(
  peppolDocuments().find((file) =>
    specName(file).endsWith('bis-billing-3/examples/base-example.xml'),
  )!,
  'utf8',
);
const layers = ['xml', 'schema', 'rules'];

describe('validateUbl', () => {
  it('accepts the official base example as a billing invoice', () => {
    const result = validateUbl(base);
    expect(result).toMatchObject({
      valid: true,
      documentType: 'Invoice',
      customizationId: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
      profileId: 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
      transaction: 'billing',
    });
    expect(result.findings.filter((finding) => finding.flag === 'fatal')).toEqual([]);
  });

  it('runs the rules even when the XSD fails, and lists the layers in order', () => {
    const broken = base
      .replace('<cbc:DueDate>', '<cbc:Colour>blue</cbc:Colour><cbc:DueDate>')
      .replace(
        '<cbc:TaxInclusiveAmount currencyID="EUR">1656.25</cbc:TaxInclusiveAmount>',
        '<cbc:TaxInclusiveAmount currencyID="EUR">1000.00</cbc:TaxInclusiveAmount>',
      );
    const result = validateUbl(broken);
    expect(result.valid).toBe(false);
    const ids = result.findings.map((finding) => finding.id);
    expect(ids).toContain('XSD');
    expect(ids).toContain('BR-CO-15');
    const order = result.findings.map((finding) => layers.indexOf(finding.layer));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const finding of result.findings.filter((found) => found.layer === 'rules')) {
      expect(finding.location.startsWith('/*:Invoice')).toBe(true);
      expect(finding.path.startsWith('Invoice')).toBe(true);
      expect(finding.message).toContain(`[${finding.id}]`);
    }
  });

  it('gives a rule set that aborts (an XPath error) as a fatal RULES-ERROR with its code', () => {
    const result = validateUbl(
      base.replace(
        '<cbc:PayableAmount currencyID="EUR">1656.25</cbc:PayableAmount>',
        '<cbc:PayableAmount currencyID="EUR">abc</cbc:PayableAmount>',
      ),
    );
    expect(result.valid).toBe(false);
    const error = result.findings.find((finding) => finding.id === 'RULES-ERROR');
    expect(error).toMatchObject({ layer: 'rules', flag: 'fatal' });
    expect(error!.message).toContain('FORG0001');
    const xsd = result.findings.find((finding) => finding.id === 'XSD');
    expect(xsd?.path).toBe('Invoice.LegalMonetaryTotal.PayableAmount');
  });

  it('stops at layer 1', () => {
    const result = validateUbl(`<!DOCTYPE Invoice>${base.slice(base.indexOf('<Invoice'))}`);
    expect(result).toEqual({
      valid: false,
      findings: [expect.objectContaining({ layer: 'xml', id: 'XML-DOCTYPE' })],
    });
  });

  it('names the root of a document it does not read, and reads no further', () => {
    const result = validateUbl(base.replaceAll('Invoice-2', 'Invoice-9'));
    expect(result.documentType).toBe('Invoice');
    expect(result.findings.map((finding) => finding.id)).toEqual(['XML-ROOT']);
  });

  it('finds the transaction of each document type', () => {
    const order = peppolDocuments().find((file) =>
      specName(file).endsWith('poacc-upgrade-3/examples/Order_Example.xml'),
    )!;
    const result = validateUbl(readFileSync(order));
    expect(result.documentType).toBe('Order');
    expect(result.transaction).toBe('order');
    expect(result.findings.filter((finding) => finding.layer !== 'rules')).toEqual([]);
  });
});
