/**
 * The matcher's answers against the answer key: how many paying entries it matched by itself,
 * how many of its own matches were right, and the two things it must never do (match a truly
 * ambiguous entry, or match without saying why).
 */
import type { AnswerKeyEntry, EntryKind } from './ledger.ts';

/** What the evaluator reads of a match: the CLI's JSON line has the same fields. */
export interface MatchLine {
  entry: string;
  invoices: { number: string; amount: string }[];
  auto: boolean;
  confidence: number;
  reasons: { code: string }[];
}

export interface Evaluation {
  entries: number;
  /** Entries that pay invoices a careful person can tell. */
  payable: number;
  payableAuto: number;
  /** payableAuto / payable. */
  autoRate: number;
  /** Matches applied without asking. */
  auto: number;
  autoRight: number;
  /** autoRight / auto (1 when there is none). */
  precision: number;
  ambiguous: number;
  /** Must be 0: a truly ambiguous entry is offered to a person. */
  ambiguousAuto: number;
  /** Ambiguous entries answered with their candidates (an `ambiguous` reason). */
  ambiguousOffered: number;
  /** Must be 0: a match (applied or offered) with no reason, or any answer with none. */
  unexplained: number;
  nonPayable: number;
  /** Should be 0: fees, salaries and the like matched automatically. */
  nonPayableAuto: number;
  /** Entries missing from the answers. */
  missing: number;
  /** Automatic matches that were wrong, by the key's kind, to see what to improve. */
  wrongByKind: Partial<Record<EntryKind, number>>;
  /** Payable entries not matched automatically, by kind. */
  missedByKind: Partial<Record<EntryKind, number>>;
}

function sameAllocation(
  expected: readonly { number: string; amount: string }[],
  found: readonly { number: string; amount: string }[],
): boolean {
  if (expected.length !== found.length) return false;
  const key = (items: readonly { number: string; amount: string }[]): string =>
    items
      .map((item) => `${item.number}=${item.amount}`)
      .sort()
      .join('|');
  return key(expected) === key(found);
}

/** Compares the matches with the answer key. */
export function evaluate(
  key: readonly AnswerKeyEntry[],
  matches: readonly MatchLine[],
): Evaluation {
  const byEntry = new Map(matches.map((match) => [match.entry, match]));
  const result: Evaluation = {
    entries: key.length,
    payable: 0,
    payableAuto: 0,
    autoRate: 0,
    auto: 0,
    autoRight: 0,
    precision: 1,
    ambiguous: 0,
    ambiguousAuto: 0,
    ambiguousOffered: 0,
    unexplained: 0,
    nonPayable: 0,
    nonPayableAuto: 0,
    missing: 0,
    wrongByKind: {},
    missedByKind: {},
  };
  for (const expected of key) {
    const match = byEntry.get(expected.entry);
    if (!match) {
      result.missing += 1;
      continue;
    }
    if (match.reasons.length === 0) result.unexplained += 1;
    if (match.auto) {
      result.auto += 1;
      if (expected.payable && sameAllocation(expected.invoices, match.invoices))
        result.autoRight += 1;
      else result.wrongByKind[expected.kind] = (result.wrongByKind[expected.kind] ?? 0) + 1;
    }
    if (expected.kind === 'ambiguous') {
      result.ambiguous += 1;
      if (match.auto) result.ambiguousAuto += 1;
      if (match.reasons.some((reason) => reason.code === 'ambiguous')) result.ambiguousOffered += 1;
    } else if (expected.payable) {
      result.payable += 1;
      if (match.auto) result.payableAuto += 1;
      else result.missedByKind[expected.kind] = (result.missedByKind[expected.kind] ?? 0) + 1;
    } else {
      result.nonPayable += 1;
      if (match.auto) result.nonPayableAuto += 1;
    }
  }
  result.autoRate = result.payable === 0 ? 1 : result.payableAuto / result.payable;
  result.precision = result.auto === 0 ? 1 : result.autoRight / result.auto;
  return result;
}

/** The targets of the issue: ≥ 99% of payable entries auto, ≥ 99.9% precision, 0 ambiguous auto. */
export const TARGETS = {
  autoRate: 0.99,
  precision: 0.999,
  ambiguousAuto: 0,
  unexplained: 0,
} as const;

/** Whether the evaluation meets every target. */
export function meetsTargets(evaluation: Evaluation): boolean {
  return (
    evaluation.autoRate >= TARGETS.autoRate &&
    evaluation.precision >= TARGETS.precision &&
    evaluation.ambiguousAuto === TARGETS.ambiguousAuto &&
    evaluation.unexplained === TARGETS.unexplained &&
    evaluation.missing === 0
  );
}
