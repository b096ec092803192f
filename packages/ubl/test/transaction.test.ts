import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_SET_IDS } from '../src/rules/index.ts';
import { stringValue } from '../src/tree/node.ts';
import { ruleSetsFor, transactionOf, TRANSACTIONS } from '../src/transaction.ts';
import { parseUbl } from '../src/xml/parse.ts';
import { peppolDocuments, specName } from './xml-support/corpus.ts';

const BILLING = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';

function customizationOf(file: Buffer): { root: string; customizationId: string } {
  const root = parseUbl(readFileSync(file)).document!.root!;
  const element = root.children.find(
    (child) => child.kind === 'element' && child.local === 'CustomizationID',
  );
  return { root: root.local, customizationId: element ? stringValue(element) : '' };
}

describe('transactionOf', () => {
  it.each(peppolDocuments().map((file) => [specName(file), file]))(
    'knows the transaction of %s',
    (name, file) => {
      const { root, customizationId } = customizationOf(file);
      const transaction = transactionOf(root, customizationId);
      expect(transaction).toBeDefined();
      // Self-billing test files are named SB-…, AGID's invoices are CIUS-IT.
      if (name.includes('/SB-')) expect(transaction).toBe('self-billing');
      if (name.includes('AGID-Peppol-Esempi')) expect(transaction).toBe('billing-cius-it');
    },
  );

  it('reads the billing, ordering and Italian identifiers', () => {
    expect(transactionOf('Invoice', BILLING)).toBe('billing');
    expect(transactionOf('CreditNote', BILLING)).toBe('billing');
    expect(transactionOf('Invoice', `  ${BILLING}\n`)).toBe('billing');
    expect(
      transactionOf(
        'Invoice',
        'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:selfbilling:3.0',
      ),
    ).toBe('self-billing');
    expect(
      transactionOf('Invoice', `${BILLING}#conformant#urn:www.agid.gov.it:trns:fattura:3`),
    ).toBe('billing-cius-it');
    expect(transactionOf('Order', 'urn:fdc:peppol.eu:poacc:trns:order:3')).toBe('order');
    expect(
      transactionOf(
        'Order',
        'urn:fdc:peppol.eu:poacc:trns:order:3:restrictive:urn:www.agid.gov.it:trns:ordine:3.1',
      ),
    ).toBe('nso-order');
    expect(
      transactionOf(
        'DespatchAdvice',
        'urn:fdc:peppol.eu:poacc:trns:despatch_advice:3:extended:urn:www.agid.gov.it:trns:ddt:3.1',
      ),
    ).toBe('nso-despatch-advice');
    expect(transactionOf('ApplicationResponse', 'urn:fdc:peppol.eu:poacc:trns:mlr:3')).toBe('mlr');
  });

  it('knows no transaction for an unknown identifier or the wrong root', () => {
    expect(transactionOf('Invoice', 'urn:example:invoice')).toBeUndefined();
    expect(transactionOf('Invoice', `${BILLING}#extended#urn:example`)).toBeUndefined();
    expect(transactionOf('Order', BILLING)).toBeUndefined();
    expect(transactionOf('Invoice', 'urn:fdc:peppol.eu:poacc:trns:order:3')).toBeUndefined();
    expect(transactionOf('Invoice', '')).toBeUndefined();
  });
});

describe('ruleSetsFor', () => {
  it('runs CEN and Peppol for billing, the self-billing rules for self-billing', () => {
    expect(ruleSetsFor('billing')).toEqual(['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL']);
    expect(ruleSetsFor('self-billing')).toEqual(['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL-SB']);
  });

  it('runs the PEPPOLBIS rules of each other transaction', () => {
    expect(ruleSetsFor('order')).toEqual(['PEPPOLBIS-T01']);
    expect(ruleSetsFor('despatch-advice')).toEqual(['PEPPOLBIS-T16']);
    expect(ruleSetsFor('catalogue')).toEqual(['PEPPOLBIS-T19']);
    expect(ruleSetsFor('catalogue-response')).toEqual(['PEPPOLBIS-T58']);
    expect(ruleSetsFor('mlr')).toEqual(['PEPPOLBIS-T71']);
    expect(ruleSetsFor('order-response')).toEqual(['PEPPOLBIS-T76']);
    expect(ruleSetsFor('punch-out')).toEqual(['PEPPOLBIS-T77']);
    expect(ruleSetsFor('order-agreement')).toEqual(['PEPPOLBIS-T110']);
    expect(ruleSetsFor('invoice-response')).toEqual(['PEPPOLBIS-T111']);
    expect(ruleSetsFor('order-change')).toEqual(['PEPPOLBIS-T114']);
    expect(ruleSetsFor('order-cancellation')).toEqual(['PEPPOLBIS-T115']);
    expect(ruleSetsFor('order-response-advanced')).toEqual(['PEPPOLBIS-T116']);
  });

  it("runs AGID's rules for the Italian transactions, once generated", () => {
    const generated = new Set<string>(RULE_SET_IDS);
    const cius = ruleSetsFor('billing-cius-it');
    expect(cius.slice(0, 2)).toEqual(['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL']);
    expect(cius.includes('AGID-EN16931-CIUS-UBL' as never)).toBe(
      generated.has('AGID-EN16931-CIUS-UBL'),
    );
    expect(ruleSetsFor('nso-despatch-advice')).toEqual([
      generated.has('AGID-PEPPOL-T16') ? 'AGID-PEPPOL-T16' : 'PEPPOLBIS-T16',
    ]);
    expect(ruleSetsFor('nso-order')).toEqual([
      generated.has('AGID-PEPPOL-T01') ? 'AGID-PEPPOL-T01' : 'PEPPOLBIS-T01',
    ]);
  });

  it('names only generated rule sets', () => {
    const generated = new Set<string>(RULE_SET_IDS);
    for (const transaction of TRANSACTIONS) {
      for (const id of ruleSetsFor(transaction.id)) expect(generated.has(id)).toBe(true);
    }
  });
});
