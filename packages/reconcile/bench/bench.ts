/**
 * The matcher measured on the synthetic ledger: the figures of 10,000 invoices and their
 * statement against the issue's targets, the camt round trip, and the time per entry with
 * 1,000, 10,000 and 50,000 open invoices (flat: an index, not a scan per entry). Prints
 * figures; no assertions. `npm run bench -w packages/reconcile` (`BENCH_INVOICES` changes the
 * ledger measured, default 10000).
 */
import { readCamt } from '../src/camt/index.ts';
import { Matcher, matchEntries, type BankEntry } from '../src/index.ts';
import {
  evaluate,
  generateLedger,
  meetsTargets,
  TARGETS,
  writeCamt,
} from '../src/synthetic/index.ts';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);

function percent(value: number, digits = 2): string {
  return `${(value * 100).toFixed(digits)}%`;
}

function verdict(ok: boolean): string {
  return ok ? 'met' : 'MISSED';
}

// 1. The figures.
const ledger = generateLedger({ invoices: INVOICES });
const started = performance.now();
const matches = matchEntries(ledger.invoices, ledger.entries);
const matchMs = performance.now() - started;
const result = evaluate(
  ledger.key,
  matches.map((match) => ({ ...match, invoices: match.allocations })),
);
console.log(
  `Synthetic ledger: ${ledger.invoices.length} documents (${INVOICES} invoices and their credit notes), ${result.entries} statement entries`,
);
console.log(
  `  payable ${result.payable}, truly ambiguous ${result.ambiguous}, paying no invoice ${result.nonPayable}`,
);
console.log(
  `  payable entries matched automatically: ${percent(result.autoRate)} (${result.payableAuto}/${result.payable}), target ≥ ${percent(TARGETS.autoRate, 0)}: ${verdict(result.autoRate >= TARGETS.autoRate)}`,
);
console.log(
  `  precision of automatic matches:        ${percent(result.precision, 3)} (${result.autoRight}/${result.auto}), target ≥ ${percent(TARGETS.precision, 1)}: ${verdict(result.precision >= TARGETS.precision)}`,
);
console.log(
  `  ambiguous entries matched automatically: ${result.ambiguousAuto} (offered with candidates: ${result.ambiguousOffered}/${result.ambiguous}), target 0: ${verdict(result.ambiguousAuto === 0)}`,
);
console.log(
  `  matches without a reason: ${result.unexplained}, target 0: ${verdict(result.unexplained === 0)}`,
);
console.log(
  `  fees, salaries and other entries matched automatically: ${result.nonPayableAuto} (should be 0)`,
);
console.log(
  `  missed by kind: ${JSON.stringify(result.missedByKind)}; wrong by kind: ${JSON.stringify(result.wrongByKind)}`,
);
console.log(`  all targets: ${verdict(meetsTargets(result))}`);
console.log(
  `  matching: ${matchMs.toFixed(0)} ms for ${result.entries} entries (index built included), ${((matchMs * 1000) / result.entries).toFixed(0)} µs per entry`,
);

// 2. The statement as a file: written as camt.053.001.02 and read back (XSD included).
const xml = writeCamt(ledger.entries);
const readStarted = performance.now();
const read = readCamt(xml);
const readMs = performance.now() - readStarted;
console.log(
  `camt.053.001.02 of ${(xml.length / 1024 / 1024).toFixed(1)} MB read and schema-checked in ${readMs.toFixed(0)} ms${read.ok ? '' : ` (REFUSED: ${read.refusal.message})`}`,
);

// 3. Time per entry against the number of open invoices: the same 2,000 entries each time.
function perEntryMicros(openInvoices: number): { build: number; perEntry: number } {
  const big = generateLedger({ invoices: openInvoices, seed: 99 });
  const entries: BankEntry[] = big.entries
    .filter((entry) => entry.direction === 'credit')
    .slice(0, 2000);
  const buildStarted = performance.now();
  const matcher = new Matcher(big.invoices);
  const build = performance.now() - buildStarted;
  // Matched without applying: every round reads the same open invoices.
  const rounds: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const start = performance.now();
    for (const entry of entries) matcher.match(entry);
    rounds.push(((performance.now() - start) * 1000) / entries.length);
  }
  rounds.sort((a, b) => a - b);
  return { build, perEntry: rounds[1] ?? 0 };
}

console.log('Time per entry by open invoices (2,000 credit entries, median of 3 rounds):');
const sizes = [1_000, 10_000, 50_000];
const figures = sizes.map((size) => ({ size, ...perEntryMicros(size) }));
const base = figures[0]?.perEntry ?? 1;
for (const { size, build, perEntry } of figures) {
  console.log(
    `  ${String(size).padStart(6)} open invoices: ${perEntry.toFixed(0).padStart(4)} µs per entry (×${(perEntry / base).toFixed(2)} of 1,000), index built in ${build.toFixed(0)} ms`,
  );
}
const [, ten, fifty] = figures;
if (ten && fifty) {
  console.log(
    `  50,000 / 10,000 open invoices: ×${(fifty.perEntry / ten.perEntry).toFixed(2)} per entry for ×5 invoices (a scan per entry would be ×5)`,
  );
}
