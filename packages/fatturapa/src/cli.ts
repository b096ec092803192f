import { errorMessage, nodeIo, parseArgs, type CliIo, type ParsedArgs } from './cli-kit.ts';
import path from 'node:path';
import { declaredFormat } from './codec/json-to-xml.ts';
import type { Finding } from './findings.ts';
import { INVOICE_FORMATS, type AnyInvoice, type InvoiceFormat } from './model/index.ts';
import { parseInvoice } from './parse.ts';
import { renderHtml, renderPdf } from './render/index.ts';
import { toXml } from './to-xml.ts';
import { validateInvoice, type ValidateOptions } from './validate.ts';

const USAGE = `Usage: fatturapa <command> [options]

  validate FILE... [--json] [--check-identifiers] [--fields]
                                       validate .xml/.p7m files (exit 1 when any is invalid)
  to-json FILE                         print the invoice of an .xml/.p7m file as JSON
  to-xml FILE.json [--format FPR12]    print the FatturaPA XML of a JSON invoice
  render FILE (--pdf OUT | --html OUT) [--lang it|en]
                                       render an .xml/.p7m/.json invoice

Registry checks (duplicates, recipient codes, identifier existence 00300-00306) are not
applied by the command line: SDI looks identifiers up in the tax registry, which a file on disk
cannot. --check-identifiers applies the check-digit part of 00300-00306; --fields adds the
field layer (check digits, CAP, provincia, nazione) that the console uses while typing.
`;

const VALUE_FLAGS = new Set(['--pdf', '--html', '--lang', '--format', '--max-bytes']);

function describe(finding: Finding): string {
  const where = finding.propertyPath ? ` ${finding.propertyPath}:` : '';
  return `[${finding.layer} ${finding.code}]${where} ${finding.message}`;
}

function maxBytesOption(args: ParsedArgs): { maxBytes?: number } {
  const value = args.flags.get('--max-bytes');
  const maxBytes = typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(maxBytes) && maxBytes > 0 ? { maxBytes } : {};
}

/** What `validate` applies: SDI's own stages by default, registry-like checks only on request. */
function validateOptions(args: ParsedArgs): ValidateOptions {
  return {
    ...maxBytesOption(args),
    layers: args.flags.has('--fields') ? ['schema', 'sdi', 'field'] : ['schema', 'sdi'],
    sdi: { checkIdentifierDigits: args.flags.has('--check-identifiers') },
  };
}

async function validateCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positional.length === 0) {
    io.stderr(USAGE);
    return 2;
  }
  const json = args.flags.has('--json');
  let allValid = true;
  for (const file of args.positional) {
    let bytes: Uint8Array;
    try {
      bytes = await io.readFile(file);
    } catch (error) {
      allValid = false;
      io.stderr(`${file}: ${errorMessage(error)}\n`);
      if (json) {
        const finding = {
          layer: 'xml',
          code: 'file-unreadable',
          propertyPath: '',
          message: errorMessage(error),
        };
        io.stdout(`${JSON.stringify({ file, format: null, valid: false, findings: [finding] })}\n`);
      }
      continue;
    }
    const result = await validateInvoice(bytes, validateOptions(args));
    allValid &&= result.valid;
    if (json) {
      const findings = result.findings.map(({ layer, code, propertyPath, message }) => ({
        layer,
        code,
        propertyPath,
        message,
      }));
      io.stdout(
        `${JSON.stringify({ file, format: result.format ?? null, valid: result.valid, findings })}\n`,
      );
    } else if (result.valid) {
      io.stdout(`${file}: valid (${result.format ?? '?'})\n`);
    } else {
      io.stderr(`${file}: invalid${result.format ? ` (${result.format})` : ''}\n`);
      for (const finding of result.findings) io.stderr(`${file}: ${describe(finding)}\n`);
    }
  }
  return allValid ? 0 : 1;
}

async function readInvoiceFile(
  file: string,
  io: CliIo,
  args: ParsedArgs,
): Promise<{ invoice: AnyInvoice; format: InvoiceFormat } | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await io.readFile(file);
  } catch (error) {
    io.stderr(`${file}: ${errorMessage(error)}\n`);
    return undefined;
  }
  if (path.extname(file).toLowerCase() === '.json') {
    const invoice = parseJsonInvoice(file, bytes, io);
    if (!invoice) return undefined;
    return { invoice, format: formatOption(args) ?? declaredFormat(invoice) };
  }
  const parsed = await parseInvoice(bytes, maxBytesOption(args));
  if (!parsed.ok) {
    for (const finding of parsed.findings) io.stderr(`${file}: ${describe(finding)}\n`);
    return undefined;
  }
  return { invoice: parsed.invoice, format: parsed.format };
}

function parseJsonInvoice(file: string, bytes: Uint8Array, io: CliIo): AnyInvoice | undefined {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    io.stderr(`${file}: not valid JSON: ${errorMessage(error)}\n`);
    return undefined;
  }
  const body = (value as { fattura_elettronica_body?: unknown } | null)?.fattura_elettronica_body;
  if (typeof value !== 'object' || value === null || !Array.isArray(body)) {
    io.stderr(`${file}: not an invoice: expected an object with fattura_elettronica_body[]\n`);
    return undefined;
  }
  return value as AnyInvoice;
}

function formatOption(args: ParsedArgs): InvoiceFormat | undefined {
  const value = args.flags.get('--format');
  return INVOICE_FORMATS.find((format) => format === value);
}

async function toJsonCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [file] = args.positional;
  if (!file || path.extname(file).toLowerCase() === '.json') {
    io.stderr(USAGE);
    return 2;
  }
  const read = await readInvoiceFile(file, io, args);
  if (!read) return 1;
  io.stdout(`${JSON.stringify(read.invoice, null, 2)}\n`);
  return 0;
}

async function toXmlCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [file] = args.positional;
  if (!file) {
    io.stderr(USAGE);
    return 2;
  }
  if (args.flags.has('--format') && !formatOption(args)) {
    io.stderr(`${file}: --format must be one of ${INVOICE_FORMATS.join(', ')}\n`);
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = await io.readFile(file);
  } catch (error) {
    io.stderr(`${file}: ${errorMessage(error)}\n`);
    return 1;
  }
  const invoice = parseJsonInvoice(file, bytes, io);
  if (!invoice) return 1;
  const problems: { propertyPath: string; message: string }[] = [];
  const xml = toXml(invoice, formatOption(args) ?? declaredFormat(invoice), { problems });
  for (const problem of problems)
    io.stderr(`${file}: ${problem.propertyPath}: ${problem.message}\n`);
  io.stdout(xml);
  return 0;
}

async function renderCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [file] = args.positional;
  const pdf = args.flags.get('--pdf');
  const html = args.flags.get('--html');
  const langFlag = args.flags.get('--lang');
  const lang = langFlag === 'en' ? 'en' : 'it';
  if (!file || (typeof pdf !== 'string' && typeof html !== 'string') || pdf === '' || html === '') {
    io.stderr(USAGE);
    return 2;
  }
  if (langFlag !== undefined && langFlag !== 'it' && langFlag !== 'en') {
    io.stderr(`${file}: --lang must be it or en\n`);
    return 2;
  }
  const read = await readInvoiceFile(file, io, args);
  if (!read) return 1;
  try {
    if (typeof pdf === 'string') await io.writeFile(pdf, await renderPdf(read.invoice, { lang }));
    if (typeof html === 'string') await io.writeFile(html, renderHtml(read.invoice, { lang }));
  } catch (error) {
    io.stderr(`${file}: cannot render: ${errorMessage(error)}\n`);
    return 1;
  }
  return 0;
}

/** Runs the `fatturapa` command line; returns the exit code. Never throws. */
export type { CliIo };

export async function main(argv: readonly string[], io: CliIo = nodeIo): Promise<number> {
  const [command, ...rest] = argv;
  const args = parseArgs(rest, VALUE_FLAGS);
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
        io.stdout(USAGE);
        return command === undefined ? 2 : 0;
      default:
        io.stderr(`Unknown command "${command}"\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    io.stderr(`fatturapa: ${errorMessage(error)}\n`);
    return 1;
  }
}
