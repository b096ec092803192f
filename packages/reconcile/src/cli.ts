/**
 * The `reconcile` command line: match a folder of FatturaPA invoices with a camt statement,
 * write the synthetic ledger, and score matches against its answer key.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseInvoice, type FatturaElettronica } from '@fiscus/fatturapa';
import {
  errorMessage,
  nodeIo,
  parseArgs,
  type CliIo,
  type ParsedArgs,
} from '@fiscus/fatturapa/cli-kit';
import { readCamt } from './camt/camt-reader.ts';
import { openInvoicesOf } from './fatturapa-invoices.ts';
import { matchEntries } from './matcher.ts';
import type { OpenInvoice } from './model.ts';
import { evaluate, meetsTargets, type MatchLine } from './synthetic/evaluate.ts';
import { generateLedger, type AnswerKeyEntry } from './synthetic/ledger.ts';
import { writeLedgerFiles } from './synthetic/ledger-files.ts';

const USAGE = `Usage: reconcile <command> [options]

  match --invoices DIR --statement FILE [--max-bytes N]
        match the FatturaPA invoices of DIR (.xml, .p7m; every one taken as open) with the
        entries of a camt.053 statement or camt.054 notification; prints one JSON line per
        entry: {"entry","invoices":[{"number","amount"}],"auto","confidence","reasons"}
  generate --invoices N --out DIR [--seed S] [--camt 053|054] [--version 001.02|001.08]
        write a synthetic ledger: DIR/invoices/*.xml, DIR/statement.xml, DIR/answer-key.jsonl
  evaluate --key FILE --matches FILE
        score the JSON lines of \`match\` against an answer key (exit 1 when a target is missed)
`;

const VALUE_FLAGS = new Set([
  '--invoices',
  '--statement',
  '--out',
  '--seed',
  '--camt',
  '--version',
  '--key',
  '--matches',
  '--max-bytes',
]);

function flag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isInvoiceFile(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.endsWith('.xml') || lower.endsWith('.p7m');
}

async function readInvoices(dir: string, io: CliIo): Promise<OpenInvoice[] | undefined> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter(isInvoiceFile).sort();
  } catch (error) {
    io.stderr(`${dir}: ${errorMessage(error)}\n`);
    return undefined;
  }
  const invoices: OpenInvoice[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    let bytes: Uint8Array;
    try {
      bytes = await io.readFile(file);
    } catch (error) {
      io.stderr(`${file}: skipped: ${errorMessage(error)}\n`);
      continue;
    }
    const parsed = await parseInvoice(bytes);
    if (!parsed.ok) {
      const [finding] = parsed.findings;
      io.stderr(
        `${file}: skipped: ${finding ? `[${finding.code}] ${finding.message}` : 'not an invoice'}\n`,
      );
      continue;
    }
    if (parsed.format === 'FSM10') {
      io.stderr(`${file}: skipped: a simplified invoice (FSM10) has no payment details\n`);
      continue;
    }
    const read = openInvoicesOf(parsed.invoice as FatturaElettronica, name);
    for (const body of read.skipped) {
      io.stderr(`${file}: body ${body.index + 1} (${body.number}) skipped: ${body.reason}\n`);
    }
    invoices.push(...read.invoices);
  }
  if (invoices.length === 0) {
    io.stderr(`${dir}: no FatturaPA invoice (.xml or .p7m) could be read\n`);
    return undefined;
  }
  return invoices;
}

async function matchCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const dir = flag(args, '--invoices');
  const statement = flag(args, '--statement');
  if (!dir || !statement) {
    io.stderr(USAGE);
    return 2;
  }
  const maxBytes = Number(flag(args, '--max-bytes'));
  let bytes: Uint8Array;
  try {
    bytes = await io.readFile(statement);
  } catch (error) {
    io.stderr(`${statement}: ${errorMessage(error)}\n`);
    return 1;
  }
  const camt = readCamt(bytes, Number.isInteger(maxBytes) && maxBytes > 0 ? { maxBytes } : {});
  if (!camt.ok) {
    io.stderr(`${statement}: refused [${camt.refusal.code}] ${camt.refusal.message}\n`);
    for (const problem of camt.refusal.problems?.slice(1, 5) ?? []) {
      io.stderr(`${statement}: line ${problem.line}: ${problem.message}\n`);
    }
    return 1;
  }
  const invoices = await readInvoices(dir, io);
  if (!invoices) return 1;
  const matches = matchEntries(invoices, camt.document.entries);
  for (const match of matches) {
    const line = {
      entry: match.entry,
      invoices: match.allocations.map(({ number, amount }) => ({ number, amount })),
      auto: match.auto,
      confidence: match.confidence,
      reasons: match.reasons,
    };
    io.stdout(`${JSON.stringify(line)}\n`);
  }
  return 0;
}

async function generateCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const count = Number(flag(args, '--invoices'));
  const out = flag(args, '--out');
  const seed = flag(args, '--seed') === undefined ? undefined : Number(flag(args, '--seed'));
  const camt = flag(args, '--camt') ?? '053';
  const version = flag(args, '--version') ?? '001.02';
  if (!out || !Number.isInteger(count) || count < 1 || count > 200_000) {
    io.stderr(`--invoices must be a whole number from 1 to 200000 and --out a folder\n${USAGE}`);
    return 2;
  }
  if (
    (seed !== undefined && !Number.isInteger(seed)) ||
    !['053', '054'].includes(camt) ||
    !['001.02', '001.08'].includes(version)
  ) {
    io.stderr(`--seed must be a whole number, --camt 053 or 054, --version 001.02 or 001.08\n`);
    return 2;
  }
  const ledger = generateLedger({ invoices: count, ...(seed === undefined ? {} : { seed }) });
  const files = await writeLedgerFiles(ledger, out, {
    message: camt === '054' ? 'camt.054' : 'camt.053',
    version: version as '001.02' | '001.08',
  });
  io.stdout(
    `${ledger.invoices.length} documents in ${files.invoicesDir}\n` +
      `${ledger.entries.length} entries in ${files.statement}\n` +
      `answer key in ${files.answerKey}\n`,
  );
  return 0;
}

function jsonLines<T>(text: string, file: string): T[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      try {
        return JSON.parse(line) as T;
      } catch {
        throw new Error(`${file}: line ${index + 1} is not JSON`);
      }
    });
}

async function evaluateCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const keyFile = flag(args, '--key');
  const matchesFile = flag(args, '--matches');
  if (!keyFile || !matchesFile) {
    io.stderr(USAGE);
    return 2;
  }
  const decode = async (file: string): Promise<string> =>
    new TextDecoder().decode(await io.readFile(file));
  const key = jsonLines<AnswerKeyEntry>(await decode(keyFile), keyFile);
  const matches = jsonLines<MatchLine>(await decode(matchesFile), matchesFile);
  const result = evaluate(key, matches);
  io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  return meetsTargets(result) ? 0 : 1;
}

export type { CliIo };

/** Runs the `reconcile` command line; returns the exit code. Never throws. */
export async function main(argv: readonly string[], io: CliIo = nodeIo): Promise<number> {
  const [command, ...rest] = argv;
  const args = parseArgs(rest, VALUE_FLAGS);
  try {
    switch (command) {
      case 'match':
        return await matchCommand(args, io);
      case 'generate':
        return await generateCommand(args, io);
      case 'evaluate':
        return await evaluateCommand(args, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(USAGE);
        return command === undefined ? 2 : 0;
      default:
        io.stderr(`Unknown command "${command}"\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    io.stderr(`reconcile: ${errorMessage(error)}\n`);
    return 1;
  }
}
