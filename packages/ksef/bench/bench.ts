/**
 * Throughput of @fiscus/ksef on the Ministry's FA(3) examples and on generated invoices of
 * 10, 100 and 1,000 lines, with xmllint (libxml2's validator) on the same files and the same
 * schemas in the same run. Prints figures; no assertions. `npm run bench -w packages/ksef`
 * (one thread: one core). BENCH_SECONDS sets the time per figure (default 1).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECKED_VIEW, runChecks } from '../src/checks/index.ts';
import { libxml2Root, readLibxml2Tree } from '../src/codec/libxml2-tree.ts';
import { jsonToKsef, ksefToJson, validateKsef, type KsefJson } from '../src/index.ts';
import { readNatively, useNativeLane, validationLane } from '../src/schema/native-validate.ts';
import { freeQuickly, parseQuickly, validQuickly } from '../src/schema/quick-validate.ts';
import { checkXmlRules } from '../src/xml/xml-rules.ts';
import { invoiceWithLines } from './generated-invoice.ts';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const samples = path.resolve(packageRoot, '../../../shared/spec/ksef/samples/fa3-official-mf');
const SECONDS_PER_MEASURE = Number(process.env.BENCH_SECONDS ?? 1);
/** The acceptance day of the checks: after every sample's P_1. */
const ACCEPTED_ON = '2030-01-01';
const ROUNDS = 3;

interface Input {
  name: string;
  file: string;
  bytes: Uint8Array;
  json: KsefJson;
  lines: number;
}

function inputOf(name: string, file: string, bytes: Uint8Array): Input {
  const read = ksefToJson(bytes);
  if (!read.json) throw new Error(`${name}: ${JSON.stringify(read.findings)}`);
  const lines = read.json.Faktura.Fa;
  const count =
    typeof lines === 'object' && !Array.isArray(lines) && Array.isArray(lines.FaWiersz)
      ? lines.FaWiersz.length
      : 0;
  return { name, file, bytes, json: read.json, lines: count };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** CPU seconds of this process (user + system): the machine is shared, CPU time is not. */
function cpuSeconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

async function settle(result: unknown): Promise<void> {
  await result;
}

/** Invoices per CPU second of `run` over the inputs: the median of ROUNDS rounds. */
async function perSecond(
  inputs: readonly Input[],
  run: (input: Input) => unknown,
): Promise<number> {
  for (const input of inputs) await settle(run(input));
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    let count = 0;
    const start = process.cpuUsage();
    const deadline = performance.now() + (SECONDS_PER_MEASURE * 1000) / ROUNDS;
    do {
      for (const input of inputs) {
        // Only a promise is awaited: a tick per call would be charged to the synchronous stages.
        const result = run(input);
        if (result instanceof Promise) await result;
      }
      count += inputs.length;
    } while (performance.now() < deadline || count < 3);
    rounds.push(count / cpuSeconds(process.cpuUsage(start)));
  }
  return median(rounds);
}

interface Xmllint {
  version: string;
  /** Files validated per CPU second of xmllint, schema loading and start-up left out. */
  perSecond(files: readonly string[]): number;
  dispose(): void;
}

/**
 * xmllint with the package's FA(3) schema, the import of StrukturyDanych (a crd.gov.pl URL in
 * the official file) pointed at the package's local bazowe/ copy, as our validator does.
 */
function startXmllint(): Xmllint | undefined {
  const versionRun = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
  if (versionRun.error || versionRun.status !== 0) return undefined;
  const code = Number(/using libxml version (\d+)/.exec(versionRun.stderr)?.[1] ?? 0);
  const version = `${Math.floor(code / 10000)}.${Math.floor(code / 100) % 100}.${code % 100}`;
  const directory = mkdtempSync(path.join(os.tmpdir(), 'ksef-bench-'));
  const bazowe = path.join(packageRoot, 'schemas/FA/bazowe');
  const schema = readFileSync(path.join(packageRoot, 'schemas/FA/schemat_FA(3)_v1-0E.xsd'), 'utf8')
    .split(
      'schemaLocation="http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/',
    )
    .join(`schemaLocation="${bazowe}/`);
  const schemaFile = path.join(directory, 'schemat_FA3.xsd');
  writeFileSync(schemaFile, schema);
  // Short names for the copies: every file name is one argument of ONE xmllint process (an
  // xargs split would compile the schema again for each batch and charge it to validation).
  const shortNames = new Map<string, string>();
  const shortName = (file: string): string => {
    let name = shortNames.get(file);
    if (!name) {
      name = path.join(directory, `${shortNames.size}.xml`);
      writeFileSync(name, readFileSync(file));
      shortNames.set(file, name);
    }
    return name;
  };
  /** CPU seconds of one xmllint over `files`, from the shell's `times` (its children's). */
  const run = (files: readonly string[]): number => {
    const result = spawnSync(
      '/bin/sh',
      [
        '-c',
        'xmllint --noout --nonet --schema "$0" "$@" >/dev/null 2>&1; times',
        schemaFile,
        ...files,
      ],
      { encoding: 'utf8' },
    );
    if (result.error) throw result.error;
    const children = result.stdout.trim().split('\n').pop() ?? '';
    return [...children.matchAll(/(\d+)m([\d.]+)s/g)]
      .map((match) => Number(match[1]) * 60 + Number(match[2]))
      .reduce((sum, value) => sum + value, 0);
  };
  /** Below Linux's limit on the arguments of one process (2 MiB with the environment). */
  const MAX_ARGUMENT_BYTES = 1_000_000;
  return {
    version,
    perSecond: (originals) => {
      const files = originals.map(shortName);
      const copiesOf = (copies: number): string[] =>
        Array.from({ length: copies }, () => files).flat();
      const maxCopies = Math.floor(
        MAX_ARGUMENT_BYTES / files.reduce((sum, file) => sum + file.length + 1, 0),
      );
      // One copy pays start-up and schema compilation; the difference of two runs is
      // validation alone. A first pair sizes the measured run to about SECONDS_PER_MEASURE.
      const once = run(files);
      const probe = Math.min(10, maxCopies);
      const perCopy = Math.max((run(copiesOf(probe)) - once) / (probe - 1), 1e-4);
      const copies = Math.max(2, Math.min(maxCopies, Math.round(SECONDS_PER_MEASURE / perCopy)));
      const extra = run(copiesOf(copies)) - once;
      return extra > 0 ? ((copies - 1) * files.length) / extra : Number.POSITIVE_INFINITY;
    },
    dispose: () => rmSync(directory, { recursive: true, force: true }),
  };
}

interface Renderer {
  renderKsefPdf?: (json: KsefJson) => Promise<Uint8Array>;
}

function format(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '-';
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1);
}

async function main(): Promise<void> {
  const official = readdirSync(samples)
    .filter((name) => name.endsWith('.xml'))
    .sort()
    .map((name) => {
      const file = path.join(samples, name);
      return inputOf(name, file, new Uint8Array(readFileSync(file)));
    });
  const example1 = official.find((input) => input.name === 'FA_3_Przykład_1.xml');
  if (!example1) throw new Error('FA_3_Przykład_1.xml is missing');
  const directory = mkdtempSync(path.join(os.tmpdir(), 'ksef-bench-generated-'));
  const generated = [10, 100, 1000].map((lines) => {
    const made = jsonToKsef(invoiceWithLines(example1.json, lines));
    if (!made.xml) throw new Error(`generated ${lines}: ${JSON.stringify(made.problems)}`);
    const file = path.join(directory, `generated-${lines}.xml`);
    writeFileSync(file, made.xml);
    return inputOf(`generated ${lines} lines`, file, new TextEncoder().encode(made.xml));
  });
  for (const input of [...official, ...generated]) {
    const verdict = validateKsef(input.bytes, { acceptedOn: ACCEPTED_ON });
    if (!verdict.valid) {
      console.warn(`note: ${input.name} is refused: ${verdict.findings[0]?.code ?? '?'}`);
    }
  }
  const renderer = (await import('../src/index.ts')) as unknown as Renderer;
  const xmllint = startXmllint();
  const groups: { name: string; inputs: Input[] }[] = [
    { name: `Ministry FA(3) examples (${official.length})`, inputs: official },
    ...generated.map((input) => ({ name: input.name, inputs: [input] })),
  ];

  console.log(
    `@fiscus/ksef benchmark: invoices per CPU second (median of ${ROUNDS} rounds, ${SECONDS_PER_MEASURE}s per figure), Node ${process.version}` +
      (xmllint ? `, xmllint (libxml ${xmllint.version})` : ', xmllint not found') +
      `; validateKsef's lane: ${validationLane()}` +
      (validationLane() === 'native'
        ? ' (the machine libxml2, @fiscus/libxml2-native)'
        : ' (libxml2-wasm)'),
  );
  const native = validationLane() === 'native';
  const header = [
    'input'.padEnd(30),
    'layer 1'.padStart(8),
    'parse'.padStart(8),
    'XSD'.padStart(8),
    'checks'.padStart(8),
    'native'.padStart(8),
    'wasm lane'.padStart(9),
    'validate'.padStart(9),
    'xmllint'.padStart(8),
    'ours ÷ xmllint'.padStart(15),
    'µs/line'.padStart(8),
    'xmllint µs/line'.padStart(16),
    'to-json'.padStart(8),
    'PDF'.padStart(6),
  ];
  console.log(header.join(' '));
  const rows: string[][] = [];
  for (const group of groups) {
    // The stages of validateKsef's usual lane, each alone on the same inputs.
    const plain = (input: Input): { plain: boolean } => ({
      plain: checkXmlRules(input.bytes).accepted?.plain === true,
    });
    const documents = new Map(
      group.inputs.map((input) => [input, parseQuickly(input.bytes, plain(input))]),
    );
    const rootOf = (input: Input): number => libxml2Root(documents.get(input) ?? 0)?.root ?? 0;
    const layer1 = await perSecond(group.inputs, (input) => checkXmlRules(input.bytes));
    const options = new Map(group.inputs.map((input) => [input, plain(input)]));
    const parse = await perSecond(group.inputs, (input) =>
      freeQuickly(parseQuickly(input.bytes, options.get(input))),
    );
    const xsd = await perSecond(group.inputs, (input) =>
      validQuickly(documents.get(input) ?? 0, 'FA(3)'),
    );
    const checks = await perSecond(group.inputs, (input) => {
      const json = readLibxml2Tree(rootOf(input), 'FA(3)', CHECKED_VIEW);
      return json ? runChecks(json, 'FA(3)', ACCEPTED_ON) : [];
    });
    for (const document of documents.values()) freeQuickly(document);
    const accepted = new Map(
      group.inputs.map((input) => [input, checkXmlRules(input.bytes).accepted]),
    );
    const nativeLane = native
      ? await perSecond(group.inputs, (input) => {
          const ok = accepted.get(input);
          return ok && readNatively(ok, CHECKED_VIEW);
        })
      : undefined;
    useNativeLane(false);
    const wasmLane = await perSecond(group.inputs, (input) =>
      validateKsef(input.bytes, { acceptedOn: ACCEPTED_ON }),
    );
    useNativeLane(true);
    const validate = await perSecond(group.inputs, (input) =>
      validateKsef(input.bytes, { acceptedOn: ACCEPTED_ON }),
    );
    const toJson = await perSecond(group.inputs, (input) => ksefToJson(input.bytes));
    const render = renderer.renderKsefPdf;
    const pdf = render ? await perSecond(group.inputs, (input) => render(input.json)) : undefined;
    const lint = xmllint?.perSecond(group.inputs.map((input) => input.file));
    const lines = group.inputs.reduce((sum, input) => sum + input.lines, 0) / group.inputs.length;
    const perLine = (rate: number | undefined): string =>
      rate && lines > 0 ? (1e6 / rate / lines).toFixed(1) : '-';
    const row = [
      group.name,
      format(layer1),
      format(parse),
      format(xsd),
      format(checks),
      format(nativeLane),
      format(wasmLane),
      format(validate),
      format(lint),
      lint ? `${(lint / validate).toFixed(2)}×` : '-',
      perLine(validate),
      perLine(lint),
      format(toJson),
      format(pdf),
    ];
    rows.push(row);
    console.log(
      row
        .map((cell, index) =>
          index === 0 ? cell.padEnd(30) : cell.padStart((header[index] ?? '').length),
        )
        .join(' '),
    );
  }
  console.log(
    '\nInvoices per CPU second. layer 1 = the XML rules of weryfikacja-faktury.md (checkXmlRules);' +
      " parse = libxml2-wasm parsing the bytes into its tree (and freeing it); XSD = libxml2-wasm's" +
      ' check of the official schema on the parsed tree; checks = the ksef/advisory checks, with the' +
      " part of the JSON they read (from libxml2-wasm's memory); native = the machine libxml2's" +
      ' parse, XSD and view of the tree through @fiscus/libxml2-native, decoded to JSON (- when it is' +
      ' not built); wasm lane = validateKsef with the native lane turned off; validate =' +
      ' validateKsef as used, on its lane (target: within 1.5× the time of xmllint);' +
      ' xmllint = xmllint --noout --schema on the same files, start-up and schema compilation' +
      ' subtracted (its own parse and validation); ours ÷ xmllint = validate time over xmllint time;' +
      ' µs/line = time per invoice line (flat when linear in size); to-json = ksefToJson (layer 1,' +
      ' parse, the whole JSON); PDF = renderKsefPdf.',
  );
  console.log('\nMarkdown (README):\n');
  console.log(`| ${['input', ...header.slice(1).map((cell) => cell.trim())].join(' | ')} |`);
  console.log(`| --- |${' ---: |'.repeat(header.length - 1)}`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  xmllint?.dispose();
  rmSync(directory, { recursive: true, force: true });
}

await main();
