import {
  errorMessage,
  nodeIo,
  parseArgs,
  type CliIo,
  type ParsedArgs,
} from '@fiscus/fatturapa/cli-kit';
import path from 'node:path';
import { jsonToUbl, ublToJson } from './codec/index.ts';
import type { Finding } from './findings.ts';
import { renderHtml, renderPdf, ublLanguages, type UblLang } from './render/index.ts';
import { validateUbl } from './validate.ts';

const USAGE = `Usage: ubl <command> [options]

  validate FILE... [--json]          validate UBL 2.1 files: XML safety, the UBL XSD and the
                                     Peppol 2026.5 rules of the document's transaction
                                     (exit 1 when any file is invalid; --json prints one array)
  to-json FILE                       print the JSON of a UBL XML file
  to-xml FILE.json                   print the UBL XML of a JSON document
  render FILE (--pdf OUT | --html OUT) [--lang ${ublLanguages.join('|')}]
                                     render an Invoice, CreditNote, Order or OrderResponse
                                     (.xml or .json) as PDF or HTML (default language en)
  --help                             this text

Options: --max-bytes N (largest accepted file, default 100 MB).
`;

const VALUE_FLAGS = new Set(['--pdf', '--html', '--lang', '--max-bytes']);
/** The flags each command accepts: anything else is refused with a clear message. */
const COMMAND_FLAGS: Record<string, readonly string[]> = {
  validate: ['--json', '--max-bytes'],
  'to-json': ['--max-bytes'],
  'to-xml': [],
  render: ['--pdf', '--html', '--lang', '--max-bytes'],
};

function describe(finding: Finding): string {
  const where = finding.path || finding.location;
  return `[${finding.layer} ${finding.id} ${finding.flag}]${where ? ` ${where}:` : ''} ${finding.message}`;
}

/** The --max-bytes option; a bad value is an error message. */
function maxBytesOption(args: ParsedArgs): { maxBytes?: number } | string {
  const value = args.flags.get('--max-bytes');
  if (value === undefined) return {};
  const maxBytes = typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(maxBytes) && maxBytes > 0
    ? { maxBytes }
    : '--max-bytes must be a positive whole number of bytes';
}

async function readInput(file: string, io: CliIo): Promise<Uint8Array | string> {
  try {
    return await io.readFile(file);
  } catch (error) {
    return errorMessage(error);
  }
}

interface JsonReport {
  file: string;
  valid: boolean;
  documentType: string | null;
  customizationId: string | null;
  transaction: string | null;
  findings: Finding[];
}

async function validateCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positional.length === 0) {
    io.stderr(`ubl validate: no file given\n\n${USAGE}`);
    return 2;
  }
  const options = maxBytesOption(args);
  if (typeof options === 'string') {
    io.stderr(`ubl validate: ${options}\n`);
    return 2;
  }
  const json = args.flags.has('--json');
  const reports: JsonReport[] = [];
  let allValid = true;
  for (const file of args.positional) {
    const input = await readInput(file, io);
    if (typeof input === 'string') {
      allValid = false;
      io.stderr(`${file}: ${input}\n`);
      reports.push({
        file,
        valid: false,
        documentType: null,
        customizationId: null,
        transaction: null,
        findings: [
          { layer: 'xml', id: 'XML-FILE', flag: 'fatal', message: input, location: '', path: '' },
        ],
      });
      continue;
    }
    const result = validateUbl(input, options);
    allValid &&= result.valid;
    const findings = result.findings.map(({ layer, id, flag, message, location, path: at }) => ({
      layer,
      id,
      flag,
      message,
      location,
      path: at,
    }));
    reports.push({
      file,
      valid: result.valid,
      documentType: result.documentType ?? null,
      customizationId: result.customizationId ?? null,
      transaction: result.transaction ?? null,
      findings,
    });
    if (json) continue;
    const kind = [result.documentType, result.transaction].filter(Boolean).join(', ');
    const warnings = findings.filter((finding) => finding.flag === 'warning').length;
    if (result.valid) {
      io.stdout(
        `${file}: valid${kind ? ` (${kind})` : ''}${warnings ? `, ${warnings} warning(s)` : ''}\n`,
      );
      for (const finding of findings) io.stdout(`${file}: ${describe(finding)}\n`);
    } else {
      io.stderr(`${file}: invalid${kind ? ` (${kind})` : ''}\n`);
      for (const finding of findings) io.stderr(`${file}: ${describe(finding)}\n`);
    }
  }
  if (json) io.stdout(`${JSON.stringify(reports, null, 2)}\n`);
  return allValid ? 0 : 1;
}

/** The UBL JSON of a .json file (parsed) or of an XML file (through ublToJson). */
async function readDocument(
  file: string,
  io: CliIo,
  maxBytes: { maxBytes?: number },
): Promise<unknown> {
  const input = await readInput(file, io);
  if (typeof input === 'string') {
    io.stderr(`${file}: ${input}\n`);
    return undefined;
  }
  if (maxBytes.maxBytes !== undefined && input.byteLength > maxBytes.maxBytes) {
    io.stderr(`${file}: larger than --max-bytes (${maxBytes.maxBytes} bytes)\n`);
    return undefined;
  }
  if (path.extname(file).toLowerCase() === '.json') return parseJsonFile(file, input, io);
  const { json, findings } = ublToJson(input);
  if (!json) {
    for (const finding of findings) io.stderr(`${file}: ${describe(finding)}\n`);
    if (findings.length === 0) io.stderr(`${file}: not a UBL document\n`);
    return undefined;
  }
  return json;
}

function parseJsonFile(file: string, bytes: Uint8Array, io: CliIo): unknown {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    io.stderr(`${file}: not valid JSON: ${errorMessage(error)}\n`);
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    io.stderr(`${file}: not a UBL JSON document: expected an object such as {"Invoice": {…}}\n`);
    return undefined;
  }
  return value;
}

async function toJsonCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [file, extra] = args.positional;
  if (!file || extra !== undefined) {
    io.stderr(`ubl to-json: give one XML file\n\n${USAGE}`);
    return 2;
  }
  const options = maxBytesOption(args);
  if (typeof options === 'string') {
    io.stderr(`ubl to-json: ${options}\n`);
    return 2;
  }
  if (path.extname(file).toLowerCase() === '.json') {
    io.stderr(`ubl to-json: ${file} is already JSON (to-xml writes its XML)\n`);
    return 2;
  }
  const json = await readDocument(file, io, options);
  if (json === undefined) return 1;
  io.stdout(`${JSON.stringify(json, null, 2)}\n`);
  return 0;
}

async function toXmlCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [file, extra] = args.positional;
  if (!file || extra !== undefined) {
    io.stderr(`ubl to-xml: give one JSON file\n\n${USAGE}`);
    return 2;
  }
  const input = await readInput(file, io);
  if (typeof input === 'string') {
    io.stderr(`${file}: ${input}\n`);
    return 1;
  }
  const json = parseJsonFile(file, input, io);
  if (json === undefined) return 1;
  const { xml, problems } = jsonToUbl(json);
  for (const problem of problems) io.stderr(`${file}: ${describe(problem)}\n`);
  if (xml === undefined) return 1;
  io.stdout(xml.endsWith('\n') ? xml : `${xml}\n`);
  return 0;
}

async function renderCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [file, extra] = args.positional;
  const pdf = args.flags.get('--pdf');
  const html = args.flags.get('--html');
  const langFlag = args.flags.get('--lang');
  if (!file || extra !== undefined) {
    io.stderr(`ubl render: give one file\n\n${USAGE}`);
    return 2;
  }
  if ((pdf === undefined && html === undefined) || pdf === '' || html === '') {
    io.stderr(`ubl render: say where to write: --pdf OUT and/or --html OUT\n`);
    return 2;
  }
  if (langFlag !== undefined && !ublLanguages.includes(langFlag as UblLang)) {
    io.stderr(`ubl render: --lang must be one of ${ublLanguages.join(', ')}\n`);
    return 2;
  }
  const options = maxBytesOption(args);
  if (typeof options === 'string') {
    io.stderr(`ubl render: ${options}\n`);
    return 2;
  }
  const lang = (langFlag ?? 'en') as UblLang;
  const json = await readDocument(file, io, options);
  if (json === undefined) return 1;
  try {
    if (typeof pdf === 'string') await io.writeFile(pdf, await renderPdf(json, { lang }));
    if (typeof html === 'string') await io.writeFile(html, renderHtml(json, { lang }));
  } catch (error) {
    io.stderr(`${file}: cannot render: ${errorMessage(error)}\n`);
    return 1;
  }
  return 0;
}

/** Runs the `ubl` command line; returns the exit code (0 ok, 1 invalid or failed, 2 usage). */
export type { CliIo };

export async function main(argv: readonly string[], io: CliIo = nodeIo): Promise<number> {
  const [command, ...rest] = argv;
  const args = parseArgs(rest, VALUE_FLAGS);
  if (command !== undefined && Object.hasOwn(COMMAND_FLAGS, command)) {
    const allowed = COMMAND_FLAGS[command] ?? [];
    const unknown = [...args.flags.keys()].filter((flag) => !allowed.includes(flag));
    if (unknown.length > 0) {
      io.stderr(`ubl ${command}: unknown option ${unknown.join(', ')}\n\n${USAGE}`);
      return 2;
    }
  }
  try {
    switch (command) {
      case 'validate':
        return await validateCommand(args, io);
      case 'to-json':
        return await toJsonCommand(args, io);
      case 'to-xml':
        return await toXmlCommand(args, io);
      case 'render':
        return await renderCommand(args, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        (command === undefined ? io.stderr : io.stdout)(USAGE);
        return command === undefined ? 2 : 0;
      default:
        io.stderr(`ubl: unknown command "${command}"\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    io.stderr(`ubl: ${errorMessage(error)}\n`);
    return 1;
  }
}
