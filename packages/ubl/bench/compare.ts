/**
 * The engine of this checkout against the engine of another checkout, measured in alternating
 * rounds, so the load of a shared machine weighs on both alike (the figures of two bench runs
 * minutes apart differ by more than most changes).
 *
 *   BENCH_BASE=/path/to/other/checkout/packages/ubl npm run compare -w packages/ubl
 *
 * Prints CPU ms per document (median and best of BENCH_ROUNDS rounds, default 7) of the full
 * validateUbl (XSD + CEN + Peppol) on the base example and on generated invoices of 10, 100 and
 * 1,000 lines, and of the two rule sets alone on one tree. Prints figures; no assertions.
 *
 * The full validateUbl of each engine runs in a process of its own, one per engine and round
 * (this script again, with `--measure <root>`), in the order A B B A A B …: the native lane's
 * addon is one module instance per process, and it answers with the first form registered for
 * a root, so a second engine in the same process would silently take the wasm lane. The rules
 * alone need no addon: both engines run them in this process, the first one swapped each round.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BASE_EXAMPLE, invoiceWithLines } from './generated-invoice.ts';

type Lane = 'native' | 'wasm';
type RuleSetId = 'CEN-EN16931-UBL' | 'PEPPOL-EN16931-UBL';

interface Engine {
  name: string;
  root: string;
  runRuleSet: (id: RuleSetId, document: never) => unknown;
  /** The engine's own reading of a document into its tree (always the wasm lane). */
  parseUbl: (input: Uint8Array) => { document?: unknown };
}

/** What one `--measure` process prints on its last line of stdout. */
interface ChildReport {
  lane: Lane;
  /** CPU ms per document of validateUbl, by input name. */
  figures: Record<string, number>;
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const RULE_SETS = ['CEN-EN16931-UBL', 'PEPPOL-EN16931-UBL'] as const;
const THIS_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function inputs(): Array<{ name: string; bytes: Uint8Array; count: number }> {
  const template = readFileSync(BASE_EXAMPLE, 'utf8');
  const encode = (xml: string) => new TextEncoder().encode(xml);
  return [
    { name: 'base-example.xml', bytes: encode(template), count: 1500 },
    { name: 'generated 10 lines', bytes: encode(invoiceWithLines(10, template)), count: 800 },
    { name: 'generated 100 lines', bytes: encode(invoiceWithLines(100, template)), count: 120 },
    { name: 'generated 1000 lines', bytes: encode(invoiceWithLines(1000, template)), count: 12 },
  ];
}

function loader(root: string): (file: string) => Promise<Record<string, unknown>> {
  return (file) =>
    import(pathToFileURL(path.resolve(root, file)).href) as Promise<Record<string, unknown>>;
}

async function loadEngine(root: string, name: string): Promise<Engine> {
  const load = loader(root);
  const [rules, parse] = await Promise.all([load('src/rules/index.ts'), load('src/xml/parse.ts')]);
  return {
    name,
    root,
    runRuleSet: rules.runRuleSet as Engine['runRuleSet'],
    parseUbl: parse.parseUbl as Engine['parseUbl'],
  };
}

function cpuMilliseconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** CPU ms per call of `work`, `count` calls. */
function measure(work: () => void, count: number): number {
  const start = cpuMilliseconds();
  for (let i = 0; i < count; i += 1) work();
  return (cpuMilliseconds() - start) / count;
}

/**
 * The lane validateUbl of the engine at `root` takes for `documents` (all valid): native only
 * when its addon is on and recognises every one of them, since validateUbl falls back to the
 * wasm lane without a word. A checkout older than the native lane is wasm.
 */
async function laneOf(root: string, documents: Uint8Array[]): Promise<Lane> {
  let lanes: Record<string, unknown>;
  try {
    lanes = await loader(root)('src/xml/native-validate.ts');
  } catch {
    return 'wasm';
  }
  const { validationLane, validateNatively, readNatively } = lanes;
  if (typeof validationLane !== 'function' || validationLane() !== 'native') return 'wasm';
  // validateNatively since 26 Nov 2026 afternoon, readNatively before.
  const read = typeof validateNatively === 'function' ? validateNatively : readNatively;
  if (typeof read !== 'function') return 'native';
  return documents.every((bytes) => read(bytes) !== undefined) ? 'native' : 'wasm';
}

/**
 * One round of one engine, in a fresh process: every input validated half its count to warm up
 * (the JIT, and a heap grown by the large invoices), then each timed for its count.
 */
async function measureChild(root: string): Promise<void> {
  const { validateUbl } = (await loader(root)('src/index.ts')) as {
    validateUbl: (input: Uint8Array) => unknown;
  };
  const all = inputs();
  const lane = await laneOf(
    root,
    all.map((input) => input.bytes),
  );
  for (const input of all) {
    for (let i = 0; i < input.count / 2; i += 1) validateUbl(input.bytes);
  }
  const figures: Record<string, number> = {};
  for (const input of all) {
    figures[input.name] = measure(() => validateUbl(input.bytes), input.count);
  }
  const report: ChildReport = { lane, figures };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

/** Runs this script with `--measure <root>` under the same node and loader (tsx) as this one. */
function runChild(root: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--measure', root],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0) {
        reject(new Error(`the measuring process for ${root} exited with ${code}`));
        return;
      }
      try {
        resolve(JSON.parse(last) as ChildReport);
      } catch {
        reject(new Error(`the measuring process for ${root} printed no figures: ${last}`));
      }
    });
  });
}

/** The engines in the order of round `round`: A B, then B A, and so on. */
function roundOrder(round: number, count: number): number[] {
  const order = Array.from({ length: count }, (_, e) => e);
  return round % 2 === 0 ? order : order.reverse();
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
    await loadEngine(path.resolve(baseRoot), `base (${baseRoot})`),
    await loadEngine(THIS_ROOT, 'this checkout'),
  ];
  const all = inputs();
  const rows: Array<{ label: string; figures: number[][] }> = [];

  // The full validateUbl: a fresh process per engine and round.
  const full = all.map(() => engines.map((): number[] => []));
  const lanes = engines.map(() => new Set<Lane>());
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const e of roundOrder(round, engines.length)) {
      const report = await runChild(engines[e]!.root);
      lanes[e]!.add(report.lane);
      all.forEach((input, i) => full[i]![e]!.push(report.figures[input.name] ?? Number.NaN));
    }
  }

  // The rules alone, on a tree read once, each engine's own, in this process.
  const rules = new Map<string, number[][]>();
  for (const input of all) {
    if (input.name === 'generated 10 lines' || input.name === 'generated 100 lines') continue;
    const trees = engines.map((engine) => engine.parseUbl(input.bytes).document as never);
    const runs = engines.map((engine, e) => () => {
      for (const id of RULE_SETS) engine.runRuleSet(id, trees[e]!);
    });
    for (const run of runs) measure(run, Math.ceil(input.count / 2));
    const figures: number[][] = engines.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const e of roundOrder(round, engines.length)) {
        figures[e]!.push(measure(runs[e]!, input.count));
      }
    }
    rules.set(input.name, figures);
  }

  const laneNames = lanes.map((set) => [...set].join(' and '));
  const sameLane = lanes.every((set) => set.size === 1) && new Set(laneNames).size === 1;
  all.forEach((input, i) => {
    if (sameLane) rows.push({ label: `validateUbl, ${input.name}`, figures: full[i]! });
    const ruleFigures = rules.get(input.name);
    if (ruleFigures) {
      rows.push({ label: `rules alone (CEN + Peppol), ${input.name}`, figures: ruleFigures });
    }
  });
  const width = Math.max(...rows.map((row) => row.label.length));
  process.stdout.write(
    `CPU ms per document, median and best of ${ROUNDS} alternating rounds (A B B A …): ` +
      `validateUbl in a fresh process per engine and round, the rules alone in one process\n` +
      `${engines.map((engine, e) => `engine ${e + 1}: ${engine.name}, ${laneNames[e]} lane`).join('\n')}\n\n`,
  );
  if (!sameLane) {
    process.stdout.write(
      `validateUbl not compared: the engines took different lanes for layers 1-2 ` +
        `(FISCUS_LIBXML2_NATIVE=0 puts both on the wasm lane)\n\n`,
    );
    process.exitCode = 1;
  }
  process.stdout.write(
    `${''.padEnd(width)}  ${engines.map((_, e) => `engine ${e + 1}: median    best`).join('  ')}\n`,
  );
  for (const row of rows) {
    process.stdout.write(
      `${row.label.padEnd(width)}  ${row.figures.map((values) => `         ${summary(values)}`).join('  ')}\n`,
    );
  }
}

if (process.argv[2] === '--measure' && process.argv[3]) {
  await measureChild(process.argv[3]);
} else {
  await main();
}
