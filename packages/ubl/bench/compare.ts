/**
 * The engine of this checkout against the engine of another checkout, in ONE process: both
 * loaded side by side, measured in alternating rounds, so the load of a shared machine weighs
 * on both alike (the figures of two bench runs minutes apart differ by more than most changes).
 *
 *   BENCH_BASE=/path/to/other/checkout/packages/ubl npm run compare -w packages/ubl
 *
 * Prints CPU ms per document (median and best of BENCH_ROUNDS rounds, default 7) of the full
 * validateUbl (XSD + CEN + Peppol) on the base example and on generated invoices of 10, 100 and
 * 1,000 lines, and of the two rule sets alone on one tree. Prints figures; no assertions.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as here from '../src/index.ts';
import * as hereRules from '../src/rules/index.ts';
import { parseUbl } from '../src/xml/parse.ts';
import { BASE_EXAMPLE, invoiceWithLines } from './generated-invoice.ts';

interface Engine {
  name: string;
  validateUbl: (input: Uint8Array) => unknown;
  runRuleSet: (id: 'CEN-EN16931-UBL' | 'PEPPOL-EN16931-UBL', document: never) => unknown;
  /** The engine's own reading of a document into its tree. */
  parseUbl: (input: Uint8Array) => { document?: unknown };
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const RULE_SETS = ['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL'] as const;

async function otherEngine(root: string): Promise<Engine> {
  const load = (file: string): Promise<Record<string, unknown>> =>
    import(pathToFileURL(path.resolve(root, file)).href) as Promise<Record<string, unknown>>;
  const [index, rules, parse] = await Promise.all([
    load('src/index.ts'),
    load('src/rules/index.ts'),
    load('src/xml/parse.ts'),
  ]);
  return {
    name: `base (${root})`,
    validateUbl: index.validateUbl as Engine['validateUbl'],
    runRuleSet: rules.runRuleSet as Engine['runRuleSet'],
    parseUbl: parse.parseUbl as Engine['parseUbl'],
  };
}

function cpuMilliseconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** CPU ms per call of `work`, `count` calls after three unmeasured ones. */
function measure(work: () => void, count: number): number {
  for (let i = 0; i < 3; i += 1) work();
  const start = cpuMilliseconds();
  for (let i = 0; i < count; i += 1) work();
  return (cpuMilliseconds() - start) / count;
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const digits = (value: number) => value.toFixed(value < 10 ? 2 : 1);
  return `${digits(sorted[Math.floor(sorted.length / 2)] ?? 0).padStart(8)} ${digits(sorted[0] ?? 0).padStart(7)}`;
}

async function main(): Promise<void> {
  const baseRoot = process.env.BENCH_BASE;
  if (!baseRoot) {
    process.stderr.write('BENCH_BASE=<other checkout>/packages/ubl is required\n');
    process.exitCode = 2;
    return;
  }
  const engines: Engine[] = [
    await otherEngine(baseRoot),
    {
      name: 'this checkout',
      validateUbl: here.validateUbl,
      runRuleSet: hereRules.runRuleSet as Engine['runRuleSet'],
      parseUbl,
    },
  ];
  const template = readFileSync(BASE_EXAMPLE, 'utf8');
  const inputs = [
    { name: 'base-example.xml', xml: template, count: 1500 },
    { name: 'generated 10 lines', xml: invoiceWithLines(10, template), count: 800 },
    { name: 'generated 100 lines', xml: invoiceWithLines(100, template), count: 120 },
    { name: 'generated 1000 lines', xml: invoiceWithLines(1000, template), count: 12 },
  ];
  const rows: Array<{ label: string; figures: number[][] }> = [];
  for (const input of inputs) {
    const bytes = new TextEncoder().encode(input.xml);
    const figures: number[][] = engines.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      engines.forEach((engine, e) => {
        figures[e]!.push(measure(() => engine.validateUbl(bytes), input.count));
      });
    }
    rows.push({ label: `validateUbl, ${input.name}`, figures });
    if (input.name === 'generated 10 lines' || input.name === 'generated 100 lines') continue;
    // The rules alone, on a tree read once, each engine's own.
    const trees = engines.map((engine) => engine.parseUbl(bytes).document as never);
    const rules: number[][] = engines.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      engines.forEach((engine, e) => {
        rules[e]!.push(
          measure(() => {
            for (const id of RULE_SETS) engine.runRuleSet(id, trees[e]!);
          }, input.count),
        );
      });
    }
    rows.push({ label: `rules alone (CEN + Peppol), ${input.name}`, figures: rules });
  }
  const width = Math.max(...rows.map((row) => row.label.length));
  process.stdout.write(
    `CPU ms per document, median and best of ${ROUNDS} alternating rounds in one process\n` +
      `${engines.map((engine, e) => `engine ${e + 1}: ${engine.name}`).join('\n')}\n\n` +
      `${''.padEnd(width)}  ${engines.map((_, e) => `engine ${e + 1}: median    best`).join('  ')}\n`,
  );
  for (const row of rows) {
    process.stdout.write(
      `${row.label.padEnd(width)}  ${row.figures.map((values) => `         ${summary(values)}`).join('  ')}\n`,
    );
  }
}

await main();
