/**
 * Throughput of @fiscus/ubl on the official base example and on generated invoices of 10, 100
 * and 1,000 lines, with Saxon-HE on Java running the official XSLT of the same release on the
 * same files in the same run. Prints figures and the targets; no assertions.
 * `npm run bench -w packages/ubl` (one thread; BENCH_SECONDS sets the time per figure).
 *
 * Every figure is documents per CPU second of the process (user + system: the machine is
 * shared, and CPU time is what one idle core would give), warm: each figure runs its work for
 * one round's time before timing, Saxon gets a warm-up of the same length as its measure (JIT).
 * Each figure starts from a collected heap (`gc()`, hence --expose-gc).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonToUbl, ublToJson } from '../src/codec/index.ts';
import { renderPdf } from '../src/render/index.ts';
import { validateXsd } from '../src/schema/xsd.ts';
import { validateUbl } from '../src/validate.ts';
import { readNatively, validationLane } from '../src/xml/native-validate.ts';
import { forgetNameIndexes } from '../src/xpath/compile.ts';
import { acceptInput, parseKeepingLibxml2 } from '../src/xml/parse.ts';
import type { UblRoot } from '../src/xml/roots.ts';
import { BASE_EXAMPLE, invoiceWithLines } from './generated-invoice.ts';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const SAXON_JAR = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';
const RELEASE = '2026.5';
/** The rule sets of a BIS Billing 3 invoice: EN 16931 (CEN) and Peppol. */
const STYLESHEETS = ['CEN-EN16931-UBL.xslt', 'PEPPOL-EN16931-UBL.xslt'];

interface Input {
  name: string;
  lines: number;
  bytes: Uint8Array;
  json: unknown;
}

function inputOf(name: string, xml: string, lines: number): Input {
  const bytes = new TextEncoder().encode(xml);
  const { json, findings } = ublToJson(bytes);
  if (!json) throw new Error(`${name}: ${JSON.stringify(findings)}`);
  const validation = validateUbl(bytes);
  const fatal = validation.findings.filter((finding) => finding.flag === 'fatal');
  if (!validation.valid) throw new Error(`${name} is not valid: ${JSON.stringify(fatal)}`);
  return { name, lines, bytes, json };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The young generation V8 runs with. `npm run bench` gives it 64 MB semi-spaces, as `npm start`
 * gives the API and its workers: with V8's default 16 MB, every tree of a large document is
 * copied by several scavenges and promoted (about a quarter of the CPU time on 1,000 lines).
 */
function youngGeneration(): string {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/u)];
  const flag = flags.filter((entry) => entry.startsWith('--max-semi-space-size=')).at(-1);
  return flag
    ? `V8 young generation: ${flag} (MB per semi-space, as \`npm start\` runs the API; V8's default is 16).`
    : "V8 young generation: V8's default (16 MB per semi-space; `npm run bench` and `npm start` use 64).";
}

function cpuSeconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

/**
 * Documents per CPU second of `run` on one input: the median of three rounds, after a warm-up
 * as long as one round (the JIT has optimized the engine's hot closures by then, as Saxon's JIT
 * has after its warm-up).
 */
async function perSecond(input: Input, run: (input: Input) => unknown): Promise<number> {
  // A collected heap first (the script runs with --expose-gc): a figure does not pay for the
  // garbage the previous one left (the PDF renderer's, before the next document's validation).
  (globalThis as { gc?: () => void }).gc?.();
  const warm = performance.now() + (SECONDS * 1000) / 3;
  do await run(input);
  while (performance.now() < warm);
  const rounds: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    let count = 0;
    const start = process.cpuUsage();
    const deadline = performance.now() + (SECONDS * 1000) / 3;
    do {
      await run(input);
      count += 1;
    } while (performance.now() < deadline || count < 2);
    rounds.push(count / cpuSeconds(process.cpuUsage(start)));
  }
  return median(rounds);
}

function xsdOnly(input: Input): void {
  // The lane validateUbl takes: a valid document's tree from the machine's libxml2, if built.
  if (validationLane() === 'native') {
    const accepted = acceptInput(input.bytes);
    const document = 'utf8' in accepted ? readNatively(accepted.utf8) : undefined;
    // Nothing runs rules on it: the engine's name indexes let go of it, as validateUbl does.
    if (document) return forgetNameIndexes(document);
  }
  const parsed = parseKeepingLibxml2(input.bytes);
  try {
    const root = parsed.document?.root?.local as UblRoot | undefined;
    if (root) validateXsd(parsed.pointer, root, undefined);
  } finally {
    parsed.release();
  }
}

interface Figures {
  input: Input;
  xsd: number;
  full: number;
  toXml: number;
  pdf: number;
}

interface SaxonFigure {
  file: string;
  parseAndRules: number;
  rulesOnly: number;
  fatal: number;
  warning: number;
}

/** The stylesheets: the package's copy of the release, else the shared corpus. */
function stylesheetDirectory(): string {
  const copied = path.join(packageRoot, 'xslt', RELEASE);
  const shared = path.resolve(packageRoot, `../../../shared/spec/peppol/release-${RELEASE}/xslt`);
  try {
    readFileSync(path.join(copied, STYLESHEETS[0] ?? ''));
    return copied;
  } catch {
    return shared;
  }
}

/** Runs bench/SaxonBench.java on the files, pinned to one core; undefined without Java. */
function saxonFigures(
  files: string[],
  lineCounts: number[],
): { figures: SaxonFigure[]; version: string; method: string } | undefined {
  const version = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) return undefined;
  const directory = stylesheetDirectory();
  const stylesheets = STYLESHEETS.map((name) => path.join(directory, name));
  const pinned = spawnSync('taskset', ['--version'], { encoding: 'utf8' }).status === 0;
  const java = (args: string[]) =>
    pinned
      ? spawnSync('taskset', ['-c', '0', 'java', '-XX:ActiveProcessorCount=1', ...args], {
          encoding: 'utf8',
        })
      : spawnSync('java', ['-XX:ActiveProcessorCount=1', ...args], { encoding: 'utf8' });
  const versionLine = (version.stderr.split('\n')[0] ?? '').trim();
  // A JDK runs the one-file program (process CPU time, both stylesheets on one tree); a bare
  // JRE cannot compile it, and Saxon's own Transform -repeat -t gives the average instead.
  const run = java([
    '-cp',
    SAXON_JAR,
    path.join(packageRoot, 'bench', 'SaxonBench.java'),
    String(SECONDS),
    String(Math.max(SECONDS, 3)),
    ...stylesheets,
    '--',
    ...files,
  ]);
  if (run.status === 0) {
    const figures = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as SaxonFigure);
    return { figures, version: versionLine, method: 'bench/SaxonBench.java, process CPU time' };
  }
  process.stderr.write(`SaxonBench.java did not run (a JDK is needed), using Transform -repeat\n`);
  const figures = files.map((file, index): SaxonFigure => {
    let milliseconds = 0;
    for (const stylesheet of stylesheets) {
      const repeat = (lineCounts[index] ?? 0) >= 1000 ? 10 : 40;
      const transform = java([
        '-cp',
        SAXON_JAR,
        'net.sf.saxon.Transform',
        '-t',
        `-repeat:${repeat}`,
        `-s:${file}`,
        `-xsl:${stylesheet}`,
        `-o:${os.devNull}`,
      ]);
      const average = /Average execution time over last \d+ runs: ([\d.]+)ms/.exec(
        transform.stderr,
      );
      milliseconds += Number(average?.[1] ?? NaN);
    }
    return {
      file,
      parseAndRules: 1000 / milliseconds,
      rulesOnly: NaN,
      fatal: NaN,
      warning: NaN,
    };
  });
  return {
    figures,
    version: versionLine,
    method: "Saxon's Transform -repeat -t, average wall time of the last half of the runs",
  };
}

function format(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '-';
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1);
}

function milliseconds(perSecondValue: number | undefined): string {
  if (!perSecondValue) return '-';
  const ms = 1000 / perSecondValue;
  return ms >= 10 ? ms.toFixed(0) : ms.toFixed(2);
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

async function main(): Promise<void> {
  const template = readFileSync(BASE_EXAMPLE, 'utf8');
  const inputs = [
    inputOf('base-example.xml', template, 2),
    ...[10, 100, 1000].map((lines) =>
      inputOf(`generated ${lines} lines`, invoiceWithLines(lines, template), lines),
    ),
  ];
  const work = mkdtempSync(path.join(os.tmpdir(), 'ubl-bench-'));
  const files = inputs.map((input, index) => {
    const file = path.join(work, `input-${index}.xml`);
    writeFileSync(file, input.bytes);
    return file;
  });
  process.stdout.write(
    `@fiscus/ubl bench: Node ${process.version}, ${os.cpus()[0]?.model ?? '?'}, ${SECONDS} s per figure\n` +
      'Documents per CPU second (ms per document in brackets); warm; one thread.\n' +
      `Layers 1-2 (parse, XSD, tree) on the ${validationLane() === 'native' ? "machine's libxml2 (native lane)" : 'libxml2-wasm lane'}.\n` +
      `${youngGeneration()}\n\n`,
  );
  const ours: Figures[] = [];
  for (const input of inputs) {
    ours.push({
      input,
      xsd: await perSecond(input, xsdOnly),
      full: await perSecond(input, (entry) => validateUbl(entry.bytes)),
      toXml: await perSecond(input, (entry) => jsonToUbl(entry.json)),
      pdf: await perSecond(input, (entry) => renderPdf(entry.json, { lang: 'en' })),
    });
  }
  const saxon =
    process.env.BENCH_SAXON === '0'
      ? undefined
      : saxonFigures(
          files,
          inputs.map((input) => input.lines),
        );
  rmSync(work, { recursive: true, force: true });
  const rows = ours.map((figure, index) => {
    const reference = saxon?.figures[index];
    return [
      figure.input.name,
      `${Math.round(figure.input.bytes.length / 1024)} KB`,
      `${format(figure.xsd)} (${milliseconds(figure.xsd)})`,
      `${format(figure.full)} (${milliseconds(figure.full)})`,
      reference
        ? `${format(reference.parseAndRules)} (${milliseconds(reference.parseAndRules)})`
        : 'n/a',
      reference ? `${format(reference.rulesOnly)} (${milliseconds(reference.rulesOnly)})` : 'n/a',
      reference && reference.parseAndRules > 0
        ? `${(figure.full / reference.parseAndRules).toFixed(1)}×`
        : '-',
      `${format(figure.toXml)} (${milliseconds(figure.toXml)})`,
      `${format(figure.pdf)} (${milliseconds(figure.pdf)})`,
    ];
  });
  process.stdout.write(
    `${table(
      [
        'document',
        'size',
        'XSD only',
        'XSD + CEN + Peppol',
        'Saxon parse + rules',
        'Saxon rules only',
        'ours / Saxon',
        'JSON → XML',
        'PDF',
      ],
      rows,
    )}\n\n`,
  );
  process.stdout.write(
    saxon
      ? `Saxon: ${saxon.version}, Saxon-HE (${SAXON_JAR}) running ${STYLESHEETS.join(' + ')} of release ${RELEASE}, ` +
          `taskset to one core, after a warm-up (${saxon.method}). "parse + rules": the bytes parsed ` +
          `into Saxon's tree, then both stylesheets on that tree (no XSD: Saxon-HE does not validate ` +
          `schemas); "rules only": the stylesheets on a tree built beforehand.` +
          (saxon.figures.every((figure) => Number.isFinite(figure.fatal))
            ? ` Saxon's findings per file: ${saxon.figures.map((figure) => `${figure.fatal} fatal/${figure.warning} warning`).join(', ')}.\n`
            : '\n')
      : `Saxon: not measured (${process.env.BENCH_SAXON === '0' ? 'BENCH_SAXON=0' : 'java or Saxon-HE missing'}).\n`,
  );
  const base = ours[0];
  const largest = ours.at(-1);
  const ten = ours[1];
  const msPerLine = (figure: Figures | undefined) =>
    figure ? 1000 / figure.full / figure.input.lines : NaN;
  process.stdout.write(
    '\nTargets:\n' +
      `  full validation of base-example.xml >= 1,000/s: ${format(base?.full)}/s ${
        (base?.full ?? 0) >= 1000 ? 'MET' : 'NOT MET'
      }\n` +
      `  1,000-line invoice within 50 ms: ${milliseconds(largest?.full)} ms ${
        largest && 1000 / largest.full <= 50 ? 'MET' : 'NOT MET'
      }\n` +
      `  linear in size: ${msPerLine(ten).toFixed(3)} ms per line at 10 lines, ${msPerLine(
        largest,
      ).toFixed(3)} ms per line at 1,000 lines (ratio ${(
        msPerLine(largest) / msPerLine(ten)
      ).toFixed(2)}; <= 1 means the fixed cost dominates small files)\n`,
  );
}

await main();
