/**
 * Throughput of the package on the official samples and on generated invoices, compared in the
 * same run with xmllint (libxml2's CLI validator) and @digitalia/fatturapa. Prints figures; no
 * assertions. `npm run bench -w packages/fatturapa` (single thread: one core).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FPAYupSchema, fpa2js, fpaValidate } from '@digitalia/fatturapa';
import { runSdiChecks } from '../src/checks/sdi/index.ts';
import { xmlToJson } from '../src/codec/xml-to-json.ts';
import type { AnyInvoice, FatturaElettronica, InvoiceFormat } from '../src/model/index.ts';
import { parseInvoice } from '../src/parse.ts';
import { renderPdf } from '../src/render/index.ts';
import { validateAgainstSchema } from '../src/schema/xsd-validation.ts';
import { toXml } from '../src/to-xml.ts';
import { validateInvoice } from '../src/validate.ts';
import { invoiceWithLines } from './generated-invoice.ts';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const samples = path.resolve(packageRoot, '../../../shared/spec/fatturapa/samples/official');
const FPR01 = path.join(samples, 'v1.2.2/IT01234567890_FPR01.xml');
const OFFICIAL = [
  'v1.2.2/IT01234567890_FPA01.xml',
  'v1.2.2/IT01234567890_FPA02.xml',
  'v1.2.2/IT01234567890_FPA03.xml',
  'v1.2.2/IT01234567890_FPR01.xml',
  'v1.2.2/IT01234567890_FPR03.xml',
  'semplificata/IT01234567890_FSM10.xml',
].map((name) => path.join(samples, name));
const SECONDS_PER_MEASURE = Number(process.env.BENCH_SECONDS ?? 1);

interface Input {
  name: string;
  xml: string;
  bytes: Uint8Array;
  invoice: AnyInvoice;
  format: InvoiceFormat;
}

function inputOf(name: string, xml: string): Input {
  const parsed = xmlToJson(xml);
  if (!parsed.ok) throw new Error(`${name}: ${JSON.stringify(parsed.findings)}`);
  return {
    name,
    xml,
    bytes: new TextEncoder().encode(xml),
    invoice: parsed.invoice,
    format: parsed.format,
  };
}

/** Rounds per figure: the median is kept, so a burst of load on the machine moves it little. */
const ROUNDS = 3;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Invoices per CPU second of `run` over the inputs for `seconds` of wall time. */
async function roundPerSecond(
  inputs: readonly Input[],
  run: (input: Input) => unknown,
  seconds: number,
): Promise<number> {
  for (const input of inputs) await run(input);
  // No collection is forced between figures: a full collection shrinks the young generation,
  // and the next figure would pay for growing it again (a server never collects by force).
  let count = 0;
  const start = process.cpuUsage();
  const deadline = performance.now() + seconds * 1000;
  do {
    for (const input of inputs) await run(input);
    count += inputs.length;
  } while (performance.now() < deadline || count < 3);
  return count / cpuSeconds(process.cpuUsage(start));
}

/** Invoices per CPU second of `run`: median of ROUNDS rounds sharing SECONDS_PER_MEASURE. */
async function perSecond(
  inputs: readonly Input[],
  run: (input: Input) => unknown,
): Promise<number> {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    rounds.push(await roundPerSecond(inputs, run, SECONDS_PER_MEASURE / ROUNDS));
  }
  return median(rounds);
}

/**
 * Figures are per CPU second of this process (user + system), not per wall-clock second: the
 * team shares two cores, and CPU time is what one core would give when the machine is idle.
 */
function cpuSeconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

function format(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1);
}

/** xmllint with the same schemas as ours, the xmldsig import pointed at the local copy. */
interface Xmllint {
  version: string;
  /** Files validated per CPU second, `copies` of `file` in one run. */
  perSecond(file: string, copies: number): number;
  dispose(): void;
}

function startXmllint(format: InvoiceFormat): Xmllint | undefined {
  const versionRun = spawnSync('/usr/bin/xmllint', ['--version'], { encoding: 'utf8' });
  if (versionRun.error || versionRun.status !== 0) return undefined;
  const code = /libxml version (\d+)/.exec(versionRun.stderr + versionRun.stdout)?.[1] ?? '';
  const number = Number(code);
  const version = code
    ? `${Math.floor(number / 10000)}.${Math.floor(number / 100) % 100}.${number % 100}`
    : '?';
  const directory = mkdtempSync(path.join(os.tmpdir(), 'fatturapa-bench-'));
  const dsig = path.join(packageRoot, 'schemas/xmldsig-core-schema.xsd');
  const schemaName = format === 'FSM10' ? 'Schema_VFSM10.xsd' : 'Schema_VFPA12_V1.2.3.xsd';
  const schema = readFileSync(path.join(packageRoot, 'schemas', schemaName), 'utf8').replace(
    /schemaLocation="http:\/\/www\.w3\.org\/TR\/2002\/REC-xmldsig-core-20020212\/xmldsig-core-schema\.xsd"/,
    `schemaLocation="${dsig}"`,
  );
  const schemaFile = path.join(directory, schemaName);
  writeFileSync(schemaFile, schema);
  const listFile = path.join(directory, 'files');
  // CPU seconds of xmllint itself, read with the shell's `times` (children's user and system).
  const run = (file: string, count: number): number => {
    writeFileSync(listFile, Array<string>(count).fill(file).join('\n'));
    const result = spawnSync(
      '/bin/sh',
      [
        '-c',
        `xargs /usr/bin/xmllint --noout --nonet --schema "$1" < "$2" >/dev/null 2>&1; times`,
        'sh',
        schemaFile,
        listFile,
      ],
      { encoding: 'utf8' },
    );
    if (result.error) throw result.error;
    const children = result.stdout.trim().split('\n').pop() ?? '';
    const times = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(
      (match) => Number(match[1]) * 60 + Number(match[2]),
    );
    return times.reduce((sum, value) => sum + value, 0);
  };
  return {
    version,
    // Start-up and schema compilation are subtracted: the difference of two runs is validation.
    perSecond: (file, copies) => copies / (run(file, copies + 1) - run(file, 1)),
    dispose: () => rmSync(directory, { recursive: true, force: true }),
  };
}

/** Runs in a child process so that its peak RSS is the validation's alone. */
async function memoryProbe(file: string): Promise<void> {
  const bytes = new Uint8Array(readFileSync(file));
  globalThis.gc?.();
  const before = process.memoryUsage();
  const start = performance.now();
  const result = await validateInvoice(bytes, { maxBytes: 20 * 1024 * 1024 });
  const elapsed = performance.now() - start;
  const peakRss = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      sizeMB: bytes.length / 1024 / 1024,
      seconds: elapsed / 1000,
      schemaValid: result.findings.every((finding) => finding.layer !== 'schema'),
      baselineRssMB: before.rss / 1024 / 1024,
      peakRssMB: peakRss,
    }),
  );
}

async function main(): Promise<void> {
  const probeIndex = process.argv.indexOf('--memory-probe');
  if (probeIndex !== -1) {
    await memoryProbe(process.argv[probeIndex + 1] ?? '');
    return;
  }
  const fpr01 = inputOf('FPR01', readFileSync(FPR01, 'utf8'));
  const official = OFFICIAL.map((file) => inputOf(path.basename(file), readFileSync(file, 'utf8')));
  if (fpr01.format === 'FSM10') throw new Error('FPR01 must be ordinary');
  const template = fpr01.invoice as FatturaElettronica;
  const generated = [10, 100, 1000].map((lines) =>
    inputOf(`generated ${lines} lines`, toXml(invoiceWithLines(template, lines))),
  );
  const groups: { name: string; inputs: Input[] }[] = [
    { name: 'FPR01 (official)', inputs: [fpr01] },
    { name: `official samples (${official.length})`, inputs: official },
    ...generated.map((input) => ({ name: input.name, inputs: [input] })),
  ];

  console.log(
    `@fiscus/fatturapa benchmark, Node ${process.version}, one thread, load average ${os.loadavg()[0]?.toFixed(1) ?? '?'}`,
  );
  console.log(
    `invoices per CPU second (${SECONDS_PER_MEASURE}s of wall time per figure, median of ${ROUNDS} rounds):\n`,
  );
  const header = [
    'input',
    'parse',
    'schema',
    'SDI checks',
    'parse+schema+SDI',
    'full validate',
    'JSON→XML',
    'PDF',
  ];
  const rows: string[][] = [];
  for (const group of groups) {
    const parse = await perSecond(group.inputs, (input) => parseInvoice(input.bytes));
    const schema = await perSecond(group.inputs, (input) =>
      validateAgainstSchema(input.xml, input.format),
    );
    const sdi = await perSecond(group.inputs, (input) =>
      runSdiChecks(input.invoice, { format: input.format }),
    );
    const pipeline = await perSecond(group.inputs, (input) =>
      validateInvoice(input.bytes, { layers: ['schema', 'sdi'] }),
    );
    const full = await perSecond(group.inputs, (input) => validateInvoice(input.bytes));
    const write = await perSecond(group.inputs, (input) => toXml(input.invoice, input.format));
    const pdf = await perSecond(group.inputs, (input) => renderPdf(input.invoice, { lang: 'it' }));
    rows.push([group.name, ...[parse, schema, sdi, pipeline, full, write, pdf].map(format)]);
  }
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));

  // The targets compare with other validators: each figure is measured in turn, round after
  // round, on the same file in this same run, so that they see the same load on the machine.
  const comparisonRounds = 5;
  const xmllint = startXmllint('FPR12');
  const samples: Record<'ours' | 'oursSchema' | 'xmllint' | 'digitalia' | 'pdf', number[]> = {
    ours: [],
    oursSchema: [],
    xmllint: [],
    digitalia: [],
    pdf: [],
  };
  const roundSeconds = SECONDS_PER_MEASURE / 2;
  try {
    for (let round = 0; round < comparisonRounds; round += 1) {
      samples.ours.push(
        await roundPerSecond(
          [fpr01],
          (input) => validateInvoice(input.bytes, { layers: ['schema', 'sdi'] }),
          roundSeconds,
        ),
      );
      samples.oursSchema.push(
        await roundPerSecond(
          [fpr01],
          (input) => validateAgainstSchema(input.xml, input.format),
          roundSeconds,
        ),
      );
      if (xmllint) samples.xmllint.push(xmllint.perSecond(FPR01, 2000));
      samples.digitalia.push(
        await roundPerSecond(
          [fpr01],
          async (input) => {
            try {
              // With validate: false and valuesOnly: false the library returns undefined without
              // parsing (a bug of 1.3.1): its parse runs as it is used, with the syntax check.
              await fpaValidate(
                fpa2js(input.xml, { validate: true, valuesOnly: true }),
                FPAYupSchema,
              );
            } catch {
              // An invalid verdict is still a completed validation.
            }
          },
          roundSeconds,
        ),
      );
      samples.pdf.push(
        await roundPerSecond(
          [fpr01],
          (input) => renderPdf(input.invoice, { lang: 'it' }),
          roundSeconds,
        ),
      );
    }
  } finally {
    xmllint?.dispose();
  }
  const figure = (values: readonly number[]): string =>
    `${format(median(values))}/s (${format(Math.min(...values))}–${format(Math.max(...values))})`;
  const ours = median(samples.ours);
  console.log(
    `\ncomparison on FPR01, same file, same run: invoices per CPU second, median (range) of ${comparisonRounds} rounds taken in turn`,
  );
  const comparison: [string, readonly number[]][] = [
    ['ours: validateInvoice, schema + SDI layers', samples.ours],
    ['ours: schema only (libxml2-wasm parse + XSD)', samples.oursSchema],
  ];
  if (xmllint) {
    comparison.push([`xmllint ${xmllint.version} --noout --schema (native)`, samples.xmllint]);
  }
  comparison.push(
    ['@digitalia/fatturapa 1.3.1: fpa2js + fpaValidate', samples.digitalia],
    ['ours: renderPdf (PDF, Italian)', samples.pdf],
  );
  const labelWidth = Math.max(...comparison.map(([label]) => label.length));
  for (const [label, values] of comparison) {
    console.log(`  ${label.padEnd(labelWidth)}  ${figure(values)}`);
  }
  if (xmllint) {
    console.log(
      `  → xmllint is ${(median(samples.xmllint) / ours).toFixed(2)}× as fast as ours (target: at most 2.5×)`,
    );
  } else {
    console.log('  → xmllint is not installed: no ratio');
  }
  console.log(
    `  → ours is ${(ours / median(samples.digitalia)).toFixed(1)}× as fast as @digitalia/fatturapa (target: at least 7×)`,
  );
  console.log(
    `  → ours is ${format(ours)}/s (target: at least 3,000/s); PDF ${format(median(samples.pdf))}/s (target: at least 100/s)`,
  );

  // 9,000 lines of 1,000-character descriptions: about 11 MB, still schema-valid.
  const bigDirectory = mkdtempSync(path.join(os.tmpdir(), 'fatturapa-bench-'));
  const bigFile = path.join(bigDirectory, 'big.xml');
  writeFileSync(bigFile, toXml(invoiceWithLines(template, 9_000, 1000)));
  const probe = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--memory-probe', bigFile],
    { encoding: 'utf8' },
  );
  rmSync(bigDirectory, { recursive: true, force: true });
  const memory = probe.stdout.trim().split('\n').pop() ?? '';
  try {
    const figures = JSON.parse(memory) as Record<string, number | boolean>;
    console.log(
      `\n10 MB invoice (9,000 lines, ${Number(figures.sizeMB).toFixed(1)} MB): full validation in ${Number(figures.seconds).toFixed(2)} s, peak RSS ${Number(figures.peakRssMB).toFixed(0)} MB (process baseline ${Number(figures.baselineRssMB).toFixed(0)} MB), schema-valid: ${String(figures.schemaValid)}`,
    );
  } catch {
    console.log(`\n10 MB invoice: probe failed: ${probe.stderr.slice(0, 500)}`);
  }
}

await main();
