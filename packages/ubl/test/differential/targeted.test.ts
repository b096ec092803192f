/**
 * The targeted mutations (targeted.ts): well-formed, the same on every run, and each aimed
 * document fires the rule it was made for (checked here with our engine on a few rules of each
 * kind; the agreement test compares every one with Saxon-HE).
 */
import { describe, expect, it } from 'vitest';

import { loadCorpus } from './corpus.ts';
import { ourEngine } from './ours.ts';
import { readContext, targetedMutations } from './targeted.ts';
import { parseUbl } from '../../src/xml/parse.ts';

const { files } = loadCorpus();
const billing = files.filter(
  (file) => file.ruleSets.join('+') === 'CEN-EN16931-UBL+PEPPOL-EN16931-UBL',
);
const orders = files.filter((file) => file.ruleSets.join('+') === 'PEPPOLBIS-T01');

describe('targeted mutations', () => {
  const invoices = targetedMutations(billing, ['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL']);

  it('are well-formed and the same on every run', () => {
    expect(invoices.length).toBeGreaterThan(500);
    for (const { mutation } of invoices) {
      expect(parseUbl(mutation.xml).document, mutation.label).toBeDefined();
    }
    const again = targetedMutations(billing, ['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL']);
    expect(again.map((m) => m.mutation.xml)).toEqual(invoices.map((m) => m.mutation.xml));
  });

  it.each([
    ['CEN-EN16931-UBL', 'BR-29'], // dates out of order
    ['CEN-EN16931-UBL', 'UBL-CR-011'], // an element the CIUS forbids
    ['CEN-EN16931-UBL', 'UBL-SR-01'], // an element repeated past its limit
    ['CEN-EN16931-UBL', 'UBL-DT-08'], // an attribute forbidden anywhere
    ['CEN-EN16931-UBL', 'BR-S-03'], // a VAT category combination
    ['PEPPOL-EN16931-UBL', 'PEPPOL-EN16931-R001'], // a required element left out
    ['PEPPOL-EN16931-UBL', 'DE-R-001'], // a national rule (German parties)
  ])('a document aimed at %s %s fires it', (ruleSet, id) => {
    const aimed = invoices.find(({ mutation }) => mutation.label.startsWith(`target ${id}`));
    expect(aimed, `no mutation aimed at ${id}`).toBeDefined();
    const fired = ourEngine(ruleSet, aimed!.mutation.xml).findings.map((f) => f.id);
    expect(fired, aimed!.mutation.label).toContain(id);
  });

  it('reach code lists, identifiers and forbidden children of the ordering rules', () => {
    const aimed = targetedMutations(orders, ['PEPPOLBIS-T01']);
    for (const id of ['PEPPOL-T01-B00801', 'PEPPOL-COMMON-R047', 'PEPPOL-T01-B01302']) {
      const mutation = aimed.find(({ mutation }) => mutation.label.startsWith(`target ${id}`));
      expect(mutation, `no mutation aimed at ${id}`).toBeDefined();
      const fired = ourEngine('PEPPOLBIS-T01', mutation!.mutation.xml).findings.map((f) => f.id);
      expect(fired, mutation!.mutation.label).toContain(id);
    }
  });

  it('reads rule contexts: alternatives, prefixes with hyphens, predicates on a parenthesised union', () => {
    expect(
      readContext(
        '(/ubl-invoice:Invoice/cac:PaymentMeans | /ubl-creditnote:CreditNote/cac:PaymentMeans)[$de]',
      ).map((path) => path.steps.map((step) => `${step.local}[${step.predicates.join(',')}]`)),
    ).toEqual([
      ['Invoice[]', 'PaymentMeans[$de]'],
      ['CreditNote[]', 'PaymentMeans[$de]'],
    ]);
  });
});
