/**
 * The Saxon side of the differential test on its own: one JVM over a directory keeps each
 * document's verdict apart, a dynamic error is the failing document's alone (with its code), and
 * Saxon's recoverable pattern warnings do not count as errors.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { peppolSpec } from './corpus.ts';
import { checkSaxonInstalled, runSaxon, type SaxonOutcome } from './saxon.ts';

const base = readFileSync(
  path.join(peppolSpec, 'release-2026.5/test-files/billing/base-example.xml'),
  'utf8',
);
const payable = '<cbc:PayableAmount currencyID="EUR">1656.25</cbc:PayableAmount>';

describe('Saxon-HE in directory mode', () => {
  let outcomes: Map<string, SaxonOutcome>;

  beforeAll(async () => {
    await checkSaxonInstalled();
    expect(base).toContain(payable);
    outcomes = await runSaxon('CEN-EN16931-UBL', [
      { name: 'valid', xml: base },
      { name: 'not-a-number', xml: base.replace(payable, payable.replace('1656.25', 'abc')) },
      { name: 'two-amounts', xml: base.replace(payable, payable + payable) },
      { name: 'wrong-total', xml: base.replace(payable, payable.replace('1656.25', '1656.26')) },
      { name: 'valid-again', xml: base },
    ]);
  }, 120_000);

  it('reports nothing on the valid example, before and after failing documents', () => {
    expect(outcomes.get('valid')).toEqual({ findings: [] });
    expect(outcomes.get('valid-again')).toEqual({ findings: [] });
  });

  it("gives a failing document Saxon's error code (FORG0001, XPTY0004), no findings", () => {
    expect(outcomes.get('not-a-number')?.error?.code).toBe('FORG0001');
    expect(outcomes.get('two-amounts')?.error?.code).toBe('XPTY0004');
    expect(outcomes.get('two-amounts')?.findings).toEqual([]);
  });

  it('reads failed asserts with id, flag, location and text', () => {
    const outcome = outcomes.get('wrong-total')!;
    expect(outcome.error).toBeUndefined();
    expect(outcome.findings).toContainEqual({
      id: 'BR-CO-16',
      flag: 'fatal',
      kind: 'assert',
      location: expect.stringContaining('LegalMonetaryTotal') as unknown as string,
      text: expect.stringContaining('[BR-CO-16]') as unknown as string,
    });
  });
});
