/**
 * The differential run: the corpus and its mutations, each document through Saxon-HE (the
 * official XSLT) and through our rule engine, rule set by rule set, and the comparison of the two
 * verdicts: the same ordered (id, flag, location) list, or an error with the same code on both
 * sides. Used by saxon-agreement.test.ts and by `npm run diff` (diff.ts).
 */
import { loadCorpus, type Skipped } from './corpus.ts';
import { readFileSync } from 'node:fs';

import { mutate, readCodeLists, readInsertions, type Insertion } from './mutations.ts';
import { emittedXslt, referenceXslt } from './reference.ts';
import { targetedMutations } from './targeted.ts';
import { ruleIdsOf } from './coverage.ts';
import { hasXslt, runSaxon, type SaxonOutcome } from './saxon.ts';

/** One document of the run: a corpus file as it is, or one mutation of it. */
export interface DifferentialCase {
  /** Unique, file-name safe. */
  name: string;
  /** The corpus file, relative to the spec folder. */
  file: string;
  /** 'original' or the mutation's label. */
  mutation: string;
  xml: string;
  ruleSets: string[];
}

/** Random mutations per corpus document: at least 15, and at least 200 per transaction in all (targeted.ts adds one aimed at each rule). */
export const MUTATIONS_PER_TRANSACTION = 200;
export const MUTATIONS_PER_DOCUMENT = 15;
export const SEED = 20265;

export function buildCases(): { cases: DifferentialCase[]; skipped: Skipped[] } {
  const { files, skipped } = loadCorpus();
  const perGroup = new Map<string, number>();
  for (const file of files) {
    const group = file.ruleSets.join('+');
    perGroup.set(group, (perGroup.get(group) ?? 0) + 1);
  }
  const xslts = new Map<string, string>();
  const xsltOf = (ruleSet: string): string => {
    if (!xslts.has(ruleSet)) xslts.set(ruleSet, readFileSync(referenceXslt(ruleSet), 'utf8'));
    return xslts.get(ruleSet)!;
  };
  const insertionsOf = (ruleSets: readonly string[]): Insertion[] =>
    ruleSets.flatMap((ruleSet) => readInsertions(xsltOf(ruleSet)));
  const codeListsOf = (ruleSets: readonly string[]): string[][] =>
    ruleSets.flatMap((ruleSet) => readCodeLists(xsltOf(ruleSet)));
  const cases: DifferentialCase[] = [];
  files.forEach((file, fileIndex) => {
    const id = `f${String(fileIndex).padStart(3, '0')}`;
    cases.push({
      name: id,
      file: file.file,
      mutation: 'original',
      xml: file.xml,
      ruleSets: file.ruleSets,
    });
    const documents = perGroup.get(file.ruleSets.join('+'))!;
    const count = Math.max(
      MUTATIONS_PER_DOCUMENT,
      Math.ceil(MUTATIONS_PER_TRANSACTION / documents),
    );
    mutate(
      file.xml,
      count,
      SEED + fileIndex,
      insertionsOf(file.ruleSets),
      codeListsOf(file.ruleSets),
    ).forEach((mutation, index) => {
      cases.push({
        name: `${id}-m${String(index).padStart(3, '0')}`,
        file: file.file,
        mutation: mutation.label,
        xml: mutation.xml,
        ruleSets: file.ruleSets,
      });
    });
  });
  // Mutations aimed at each rule of the group's rule sets (targeted.ts), so every rule fires.
  const groups = new Map<string, number[]>();
  files.forEach((file, fileIndex) => {
    const group = file.ruleSets.join('+');
    groups.set(group, [...(groups.get(group) ?? []), fileIndex]);
  });
  const targetedCount = new Map<number, number>();
  for (const members of groups.values()) {
    const ruleSets = files[members[0]!]!.ruleSets;
    const group = members.map((fileIndex) => files[fileIndex]!);
    for (const { fileIndex, mutation } of targetedMutations(group, ruleSets)) {
      const file = group[fileIndex]!;
      const index = members[fileIndex]!;
      const count = targetedCount.get(index) ?? 0;
      targetedCount.set(index, count + 1);
      cases.push({
        name: `f${String(index).padStart(3, '0')}-t${String(count).padStart(3, '0')}`,
        file: file.file,
        mutation: mutation.label,
        xml: mutation.xml,
        ruleSets: file.ruleSets,
      });
    }
  }
  return { cases, skipped };
}

/** The rule sets of the run, each with its documents. */
export function byRuleSet(cases: readonly DifferentialCase[]): Map<string, DifferentialCase[]> {
  const groups = new Map<string, DifferentialCase[]>();
  for (const entry of cases) {
    for (const ruleSet of entry.ruleSets) {
      const group = groups.get(ruleSet) ?? [];
      group.push(entry);
      groups.set(ruleSet, group);
    }
  }
  return new Map([...groups].sort(([a], [b]) => a.localeCompare(b)));
}

/** A verdict in the compared shape; `text` only for display. */
export interface Verdict {
  findings: { id: string; flag: string; location: string; text?: string }[];
  error?: { code: string; message: string };
}

/** Our side: runs one rule set on one document. */
export type OurEngine = (ruleSet: string, xml: string) => Verdict;

export interface Disagreement {
  ruleSet: string;
  file: string;
  mutation: string;
  name: string;
  /** Compact lines: what differs, ours against Saxon. */
  lines: string[];
}

export interface RuleSetTally {
  ruleSet: string;
  documents: number;
  agreeing: number;
  disagreeing: number;
  /** Distinct rule ids Saxon fired (failed asserts and successful reports). */
  firedIds: number;
  /** Distinct rule ids of the rule set that can fire (coverage: firedIds of ruleIds). */
  ruleIds: number;
  /** Documents on which Saxon raised a dynamic error. */
  errors: number;
  /**
   * With `emitterProof`, for a rule set with an official XSLT: documents on which Saxon running
   * our emitter's XSLT (sch-to-xslt.ts) disagrees with Saxon running the official one.
   */
  emitterDisagreeing?: number;
}

const key = (finding: Verdict['findings'][number]): string =>
  `${finding.id} [${finding.flag}] @ ${finding.location}`;

/** The compact difference between our verdict and Saxon's, [] when they agree. */
export function compareVerdicts(ours: Verdict, saxon: SaxonOutcome): string[] {
  if (saxon.error || ours.error) {
    if (ours.error?.code === saxon.error?.code) return [];
    return [
      `error: ours ${ours.error ? ours.error.code : 'none'}, Saxon ${saxon.error ? `${saxon.error.code} (${saxon.error.message})` : 'none'}`,
    ];
  }
  const a = ours.findings.map(key);
  const b = saxon.findings.map(key);
  if (a.length === b.length && a.every((line, index) => line === b[index])) return [];
  const lines: string[] = [];
  const onlyOurs = a.filter((line) => !b.includes(line));
  const onlySaxon = b.filter((line) => !a.includes(line));
  for (const line of onlyOurs) lines.push(`  ours only:  ${line}`);
  for (const line of onlySaxon) lines.push(`  Saxon only: ${line}`);
  if (lines.length === 0) {
    lines.push(`  same findings, other order or count: ours ${a.length}, Saxon ${b.length}`);
    const at = a.findIndex((line, index) => line !== b[index]);
    lines.push(`  first difference at ${at}: ours ${a[at] ?? '-'} | Saxon ${b[at] ?? '-'}`);
  }
  return lines;
}

export interface DifferentialResult {
  tallies: RuleSetTally[];
  disagreements: Disagreement[];
  skipped: Skipped[];
  documents: number;
}

/**
 * Runs every case through Saxon and `ours`, rule set by rule set (`only` limits the rule sets),
 * and tallies the agreement.
 */
export async function runDifferential(
  ours: OurEngine,
  options: {
    only?: readonly string[];
    onRuleSet?: (tally: RuleSetTally) => void;
    /** Also compare our emitter's XSLT with the official one (the proof behind AGID's runs). */
    emitterProof?: boolean;
  } = {},
): Promise<DifferentialResult> {
  const { cases, skipped } = buildCases();
  const tallies: RuleSetTally[] = [];
  const disagreements: Disagreement[] = [];
  const runs = [...byRuleSet(cases)].filter(
    ([ruleSet]) => !options.only || options.only.includes(ruleSet),
  );
  // Saxon runs in its own process: the next rule set's JVMs work while ours checks this one.
  const saxonRuns = async (ruleSet: string, group: DifferentialCase[]) => {
    const official = await runSaxon(ruleSet, group, referenceXslt(ruleSet));
    const emitted =
      options.emitterProof && hasXslt(ruleSet)
        ? await runSaxon(ruleSet, group, emittedXslt(ruleSet))
        : undefined;
    return { official, emitted };
  };
  let next = runs[0] ? saxonRuns(...runs[0]) : undefined;
  for (const [at, [ruleSet, group]] of runs.entries()) {
    const current = await next!;
    const following = runs[at + 1];
    next = following ? saxonRuns(...following) : undefined;
    const saxon = current.official;
    const tally: RuleSetTally = {
      ruleSet,
      documents: group.length,
      agreeing: 0,
      disagreeing: 0,
      firedIds: 0,
      ruleIds: ruleIdsOf(ruleSet).length,
      errors: 0,
    };
    const fired = new Set<string>();
    for (const entry of group) {
      const reference = saxon.get(entry.name)!;
      if (reference.error) tally.errors++;
      for (const finding of reference.findings) fired.add(finding.id);
      let verdict: Verdict;
      try {
        verdict = ours(ruleSet, entry.xml);
      } catch (error) {
        verdict = { findings: [], error: { code: 'EXCEPTION', message: String(error) } };
      }
      const lines = compareVerdicts(verdict, reference);
      if (lines.length === 0) tally.agreeing++;
      else {
        tally.disagreeing++;
        disagreements.push({
          ruleSet,
          file: entry.file,
          mutation: entry.mutation,
          name: entry.name,
          lines,
        });
      }
    }
    tally.firedIds = fired.size;
    const emitted = current.emitted;
    if (emitted) {
      tally.emitterDisagreeing = 0;
      for (const entry of group) {
        const lines = compareVerdicts(emitted.get(entry.name)!, saxon.get(entry.name)!);
        if (lines.length > 0) {
          tally.emitterDisagreeing++;
          disagreements.push({
            ruleSet: `${ruleSet} (emitted XSLT against the official, "ours" = emitted)`,
            file: entry.file,
            mutation: entry.mutation,
            name: entry.name,
            lines,
          });
        }
      }
    }
    tallies.push(tally);
    options.onRuleSet?.(tally);
  }
  return { tallies, disagreements, skipped, documents: cases.length };
}

/** The agreement table, and the first `perRuleSet` disagreements of each rule set. */
export function formatReport(result: DifferentialResult, perRuleSet = 3): string {
  const out: string[] = [];
  out.push(
    `${'rule set'.padEnd(24)} ${'docs'.padStart(6)} ${'agree'.padStart(6)} ${'differ'.padStart(6)} ${'fired/rules'.padStart(11)} ${'errors'.padStart(6)} ${'emitter'.padStart(7)}`,
  );
  for (const t of result.tallies) {
    out.push(
      `${t.ruleSet.padEnd(24)} ${String(t.documents).padStart(6)} ${String(t.agreeing).padStart(6)} ${String(t.disagreeing).padStart(6)} ${`${t.firedIds}/${t.ruleIds}`.padStart(11)} ${String(t.errors).padStart(6)} ${(t.emitterDisagreeing === undefined ? '-' : t.emitterDisagreeing === 0 ? 'agrees' : `${t.emitterDisagreeing} off`).padStart(7)}`,
    );
  }
  const fired = result.tallies.reduce((sum, t) => sum + t.firedIds, 0);
  const rules = result.tallies.reduce((sum, t) => sum + t.ruleIds, 0);
  out.push(
    `${result.documents} documents (corpus files and mutations); rules fired by Saxon ${fired} of ${rules} (${((100 * fired) / Math.max(1, rules)).toFixed(1)}%)`,
  );
  for (const t of result.tallies) {
    const first = result.disagreements
      .filter((d) => d.ruleSet === t.ruleSet || d.ruleSet.startsWith(`${t.ruleSet} (`))
      .slice(0, perRuleSet);
    for (const d of first) {
      out.push(`${d.ruleSet} ${d.file} [${d.name}] ${d.mutation}`, ...d.lines);
    }
  }
  const skipped = new Map<string, string[]>();
  for (const s of result.skipped) {
    const reason = `${s.ruleSet}: ${s.reason}`;
    skipped.set(reason, [...(skipped.get(reason) ?? []), s.file]);
  }
  for (const [reason, files] of skipped) {
    out.push(`not run, ${files.length} files, ${reason}`);
    for (const file of files.slice(0, perRuleSet)) out.push(`  ${file}`);
    if (files.length > perRuleSet) out.push(`  … and ${files.length - perRuleSet} more`);
  }
  return out.join('\n');
}
