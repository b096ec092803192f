import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderHtml, renderPdf, renderableRoots } from '../../src/render/index.ts';

/** Whatever JSON arrives (the API passes what a client sent), rendering answers or refuses. */
function rendersOrRefuses(render: () => unknown): void {
  try {
    expect(typeof render()).toBe('string');
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
  }
}

const anyDocument = fc.record({
  root: fc.constantFrom(...renderableRoots, 'ApplicationResponse', '__proto__', '$ns'),
  content: fc.jsonValue({ maxDepth: 6 }),
});

// Values placed where the renderer reads: keys it knows, with any JSON under them.
const knownKeys = fc.constantFrom(
  'ID',
  'IssueDate',
  'Note',
  'InvoiceLine',
  'OrderLine',
  'LegalMonetaryTotal',
  'PayableAmount',
  'AccountingSupplierParty',
  'Party',
  'PartyLegalEntity',
  'TaxTotal',
  'TaxSubtotal',
  'PaymentMeans',
  'Item',
  'Price',
  'InvoicedQuantity',
  'Delivery',
  'value',
  'currencyID',
  'unitCode',
);
const shapedContent = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.dictionary(knownKeys, tie('node'), { maxKeys: 5 }),
    fc.array(tie('node'), { maxLength: 3 }),
  ),
})).node;

describe('rendering hostile JSON', () => {
  it('any JSON value renders to HTML or is refused with a TypeError', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          anyDocument.map(({ root, content }) => ({ [root]: content })),
        ),
        (json) => {
          rendersOrRefuses(() => renderHtml(json));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('documents with any values under the keys the renderer reads render in every language', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...renderableRoots),
        shapedContent,
        fc.constantFrom('it', 'en', 'pl', 'nl', 'fr' as const),
        (root, content, lang) => {
          rendersOrRefuses(() => renderHtml({ [root]: content }, { lang }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the PDF of such documents is made or refused too', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...renderableRoots),
        shapedContent,
        async (root, content) => {
          try {
            const pdf = await renderPdf({ [root]: content });
            expect(pdf.byteLength).toBeGreaterThan(0);
          } catch (error) {
            expect(error).toBeInstanceOf(TypeError);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
