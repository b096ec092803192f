import { describe, expect, it } from 'vitest';
import { matchEntries } from '../src/index.ts';
import { evaluate, generateLedger, meetsTargets, TARGETS } from '../src/synthetic/index.ts';

describe('the matcher on a synthetic ledger of 1,000 invoices', () => {
  const ledger = generateLedger({ invoices: 1000 });
  const matches = matchEntries(ledger.invoices, ledger.entries);
  const result = evaluate(
    ledger.key,
    matches.map((match) => ({ ...match, invoices: match.allocations })),
  );

  it('holds every case the issue lists', () => {
    const kinds = new Set(ledger.key.map((entry) => entry.kind));
    for (const kind of [
      'exact',
      'partial',
      'grouped',
      'payment-code',
      'amount-only',
      'ambiguous',
      'fee',
      'salary',
    ] as const) {
      expect(kinds).toContain(kind);
    }
    const tags = new Set(ledger.key.flatMap((entry) => entry.tags));
    for (const tag of ['late', 'typo', 'payer-name', 'credit-note', 'short-reference'] as const)
      expect(tags).toContain(tag);
  });

  it('is the same ledger on every run (seeded)', () => {
    const again = generateLedger({ invoices: 1000 });
    expect(again.entries.slice(0, 50)).toEqual(ledger.entries.slice(0, 50));
    expect(again.key.length).toBe(ledger.key.length);
  });

  it('meets the targets: ≥ 99% of payable entries automatic, ≥ 99.9% precision, no ambiguous one automatic', () => {
    expect(result.autoRate).toBeGreaterThanOrEqual(TARGETS.autoRate);
    expect(result.precision).toBeGreaterThanOrEqual(TARGETS.precision);
    expect(result.ambiguousAuto).toBe(0);
    expect(result.ambiguousOffered).toBe(result.ambiguous);
    expect(result.unexplained).toBe(0);
    expect(result.nonPayableAuto).toBe(0);
    expect(meetsTargets(result)).toBe(true);
  });

  it('explains every match it makes or offers', () => {
    for (const match of matches) {
      expect(match.reasons.length).toBeGreaterThan(0);
      if (match.auto) expect(match.confidence).toBeGreaterThanOrEqual(0.9);
    }
  });
});
