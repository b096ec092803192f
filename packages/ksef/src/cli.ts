import {
  errorMessage,
  nodeIo,
  parseArgs,
  type CliIo,
  type ParsedArgs,
} from '@fiscus/fatturapa/cli-kit';
import path from 'node:path';
import type { KsefFinding } from './findings.ts';
import {
  CONTEXT_IDENTIFIER_TYPES,
  checkKsefNumber,
  jsonToKsef,
  ksefToJson,
  makeKsefNumber,
  offlineCertificateLink,
  qrPng,
  qrSvg,
  readUpo,
  renderKsefHtml,
  renderKsefPdf,
  validateKsef,
  verificationLink,
  type KsefEnvironment,
  type KsefRenderOptions,
} from './index.ts';

const USAGE = `Usage: ksef <command> [options]

  validate FILE... [--json] [--accepted-on YYYY-MM-DD]
                                 validate FA(3)/FA(2) invoices: XML rules, XSD, KSeF checks
                                 (exit 1 when KSeF would refuse any file)
  number check NUMBER...         check KSeF numbers (exit 1 when any is invalid)
  number make NIP YYYYMMDD HEX12 make a KSeF number (adds the CRC-8)
  qr FILE --env TE|DEMO|PRD [--svg OUT | --png OUT]
     [--offline-key KEY.pem --certificate-serial HEX [--context Nip:NIP]]
                                 print the KOD I link of an invoice (and write its QR image);
                                 with the key of a KSeF Offline certificate, KOD II too
  to-json FILE                   print an invoice as JSON
  to-xml FILE.json               print the XML of a JSON invoice
  render FILE (--pdf OUT | --html OUT) [--lang pl|en] [--env TE|DEMO|PRD] [--ksef-number N]
                                 render an .xml or .json invoice
  upo FILE [--json]              read a UPO v4-3 (exit 1 when it is refused)
`;

const VALUE_FLAGS = new Set([
  '--accepted-on',
  '--env',
  '--svg',
  '--png',
  '--pdf',
  '--html',
  '--lang',
  '--ksef-number',
  '--offline-key',
  '--certificate-serial',
  '--context',
]);

function describe(finding: KsefFinding): string {
  const where = finding.path ? ` ${finding.path}:` : '';
  return `[${finding.layer} ${finding.code}]${where} ${finding.message}`;
}

function flag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

async function readInput(file: string, io: CliIo): Promise<Uint8Array | undefined> {
  try {
    return await io.readFile(file);
  } catch (error) {
    io.stderr(`${file}: ${errorMessage(error)}\n`);
    return undefined;
  }
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

async function validateCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const acceptedOn = flag(args, '--accepted-on');
  if (args.positional.length === 0 || (acceptedOn !== undefined && !ISO_DAY.test(acceptedOn))) {
    io.stderr(args.positional.length === 0 ? USAGE : '--accepted-on must be a day as YYYY-MM-DD\n');
    return 2;
  }
  const json = args.flags.has('--json');
  const results: unknown[] = [];
  let allValid = true;
  for (const file of args.positional) {
    let bytes: Uint8Array;
    try {
      bytes = await io.readFile(file);
    } catch (error) {
      allValid = false;
      const message = errorMessage(error);
      io.stderr(`${file}: ${message}\n`);
      results.push({
        file,
        valid: false,
        form: null,
        findings: [
          {
            layer: 'xml',
            code: 'file-unreadable',
            message,
            messagePl: `Nie można odczytać pliku: ${message}`,
            path: '',
          },
        ],
      });
      continue;
    }
    const result = validateKsef(bytes, acceptedOn ? { acceptedOn } : {});
    allValid &&= result.valid;
    if (json) {
      const findings = result.findings.map(({ layer, code, message, messagePl, path: at }) => ({
        layer,
        code,
        message,
        messagePl,
        path: at,
      }));
      results.push({ file, valid: result.valid, form: result.form ?? null, findings });
    } else if (result.valid) {
      io.stdout(`${file}: valid (${result.form ?? '?'})\n`);
      for (const finding of result.findings) io.stdout(`${file}: ${describe(finding)}\n`);
    } else {
      io.stderr(`${file}: invalid${result.form ? ` (${result.form})` : ''}\n`);
      for (const finding of result.findings) io.stderr(`${file}: ${describe(finding)}\n`);
    }
  }
  if (json) io.stdout(`${JSON.stringify(results, null, 2)}\n`);
  return allValid ? 0 : 1;
}

function numberCommand(args: ParsedArgs, io: CliIo): number {
  const [action, ...values] = args.positional;
  if (action === 'check' && values.length > 0) {
    let allValid = true;
    for (const value of values) {
      const result = checkKsefNumber(value);
      allValid &&= result.valid;
      io.stdout(result.valid ? `${value}: valid\n` : `${value}: invalid: ${result.reason ?? ''}\n`);
    }
    return allValid ? 0 : 1;
  }
  if (action === 'make' && values.length === 3) {
    const [nip = '', day = '', technical = ''] = values;
    try {
      io.stdout(`${makeKsefNumber(nip, day, technical)}\n`);
      return 0;
    } catch (error) {
      io.stderr(`${errorMessage(error)}\n`);
      return 2;
    }
  }
  io.stderr(USAGE);
  return 2;
}

const ENVIRONMENTS: readonly KsefEnvironment[] = ['TE', 'DEMO', 'PRD'];

function environmentOption(args: ParsedArgs, io: CliIo): KsefEnvironment | undefined | null {
  const value = flag(args, '--env');
  if (value === undefined) return undefined;
  const env = ENVIRONMENTS.find((candidate) => candidate === value.toUpperCase());
  if (!env) {
    io.stderr('--env must be TE, DEMO or PRD\n');
    return null;
  }
  return env;
}

/** The invoice JSON of an .xml file (findings on stderr) or of a .json file. */
async function readInvoice(
  file: string,
  io: CliIo,
): Promise<{ json: unknown; xmlBytes?: Uint8Array } | undefined> {
  const bytes = await readInput(file, io);
  if (!bytes) return undefined;
  if (path.extname(file).toLowerCase() === '.json') {
    try {
      return { json: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
    } catch (error) {
      io.stderr(`${file}: not valid JSON: ${errorMessage(error)}\n`);
      return undefined;
    }
  }
  const result = ksefToJson(bytes);
  if (!result.json) {
    for (const finding of result.findings) io.stderr(`${file}: ${describe(finding)}\n`);
    if (result.findings.length === 0) io.stderr(`${file}: not a KSeF invoice\n`);
    return undefined;
  }
  return { json: result.json, xmlBytes: bytes };
}

function textAt(json: unknown, ...names: string[]): string | undefined {
  let node: unknown = json;
  for (const name of names) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[name];
  }
  return typeof node === 'string' ? node : undefined;
}

async function qrCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [file] = args.positional;
  const env = environmentOption(args, io);
  if (env === null) return 2;
  if (!file || env === undefined) {
    io.stderr(USAGE);
    return 2;
  }
  const read = await readInvoice(file, io);
  if (!read?.xmlBytes) {
    if (read) io.stderr(`${file}: KOD I needs the invoice file as sent to KSeF (XML)\n`);
    return 1;
  }
  const nip = textAt(read.json, 'Faktura', 'Podmiot1', 'DaneIdentyfikacyjne', 'NIP');
  const issueDate = textAt(read.json, 'Faktura', 'Fa', 'P_1');
  if (!nip || !issueDate) {
    io.stderr(`${file}: the invoice has no seller NIP (Podmiot1) or no issue date (P_1)\n`);
    return 1;
  }
  let link: string;
  try {
    link = verificationLink(env, nip, issueDate, read.xmlBytes);
  } catch (error) {
    io.stderr(`${file}: ${errorMessage(error)}\n`);
    return 1;
  }
  io.stdout(`${link}\n`);
  const svg = flag(args, '--svg');
  const png = flag(args, '--png');
  if (svg) await io.writeFile(svg, qrSvg(link));
  if (png) await io.writeFile(png, await qrPng(link));
  const keyFile = flag(args, '--offline-key');
  return keyFile
    ? certificateLinkOf(args, io, { env, file, keyFile, nip, xmlBytes: read.xmlBytes })
    : 0;
}

/** KOD II of an offline invoice: signed with the key of the issuer's KSeF Offline certificate. */
async function certificateLinkOf(
  args: ParsedArgs,
  io: CliIo,
  invoice: {
    env: KsefEnvironment;
    file: string;
    keyFile: string;
    nip: string;
    xmlBytes: Uint8Array;
  },
): Promise<number> {
  const serial = flag(args, '--certificate-serial');
  const context = flag(args, '--context') ?? `Nip:${invoice.nip}`;
  const separator = context.indexOf(':');
  const contextType = CONTEXT_IDENTIFIER_TYPES.find((type) => type === context.slice(0, separator));
  if (!serial || !contextType) {
    io.stderr(
      `KOD II needs --certificate-serial HEX and --context TYPE:VALUE (TYPE one of ${CONTEXT_IDENTIFIER_TYPES.join(', ')})\n`,
    );
    return 2;
  }
  const key = await readInput(invoice.keyFile, io);
  if (!key) return 1;
  try {
    io.stdout(
      `${offlineCertificateLink({
        env: invoice.env,
        contextType,
        contextValue: context.slice(separator + 1),
        sellerNip: invoice.nip,
        certificateSerial: serial,
        xmlBytes: invoice.xmlBytes,
        privateKey: new TextDecoder().decode(key),
      })}\n`,
    );
  } catch (error) {
    io.stderr(`${invoice.file}: KOD II: ${errorMessage(error)}\n`);
    return 1;
  }
  return 0;
}

async function toJsonCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [file] = args.positional;
  if (!file) {
    io.stderr(USAGE);
    return 2;
  }
  const bytes = await readInput(file, io);
  if (!bytes) return 1;
  const result = ksefToJson(bytes);
  for (const finding of result.findings) io.stderr(`${file}: ${describe(finding)}\n`);
  if (!result.json) return 1;
  io.stdout(`${JSON.stringify(result.json, null, 2)}\n`);
  return 0;
}

async function toXmlCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [file] = args.positional;
  if (!file) {
    io.stderr(USAGE);
    return 2;
  }
  const read = await readInvoice(file, io);
  if (!read) return 1;
  const result = jsonToKsef(read.json);
  for (const problem of result.problems) io.stderr(`${file}: ${describe(problem)}\n`);
  if (result.xml === undefined) return 1;
  io.stdout(result.xml.endsWith('\n') ? result.xml : `${result.xml}\n`);
  return 0;
}

async function renderCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [file] = args.positional;
  const pdf = flag(args, '--pdf');
  const html = flag(args, '--html');
  const lang = flag(args, '--lang');
  const ksefNumber = flag(args, '--ksef-number');
  if (!file || (!pdf && !html)) {
    io.stderr(USAGE);
    return 2;
  }
  if (lang !== undefined && lang !== 'pl' && lang !== 'en') {
    io.stderr('--lang must be pl or en\n');
    return 2;
  }
  if (ksefNumber !== undefined && !checkKsefNumber(ksefNumber).valid) {
    io.stderr(`--ksef-number: ${checkKsefNumber(ksefNumber).reason ?? 'invalid'}\n`);
    return 2;
  }
  const env = environmentOption(args, io);
  if (env === null) return 2;
  const read = await readInvoice(file, io);
  if (!read) return 1;
  const options: KsefRenderOptions = {
    lang: lang ?? 'pl',
    ...(env ? { env } : {}),
    ...(ksefNumber ? { ksefNumber } : {}),
    ...(read.xmlBytes ? { xmlBytes: read.xmlBytes } : {}),
  };
  try {
    if (pdf) await io.writeFile(pdf, await renderKsefPdf(read.json, options));
    if (html) await io.writeFile(html, renderKsefHtml(read.json, options));
  } catch (error) {
    io.stderr(`${file}: cannot render: ${errorMessage(error)}\n`);
    return 1;
  }
  return 0;
}

async function upoCommand(args: ParsedArgs, io: CliIo): Promise<number> {
  const [file] = args.positional;
  if (!file) {
    io.stderr(USAGE);
    return 2;
  }
  const bytes = await readInput(file, io);
  if (!bytes) return 1;
  const result = readUpo(bytes);
  if (args.flags.has('--json')) {
    io.stdout(`${JSON.stringify({ file, ...result }, null, 2)}\n`);
  } else {
    const documents = result.upo?.Dokument ?? [];
    io.stdout(
      `${file}: ${result.ok ? 'UPO' : 'refused'}${result.version ? ` v${result.version}` : ''}` +
        `${result.upo ? `, session ${result.upo.NumerReferencyjnySesji}, ${documents.length} document(s)` : ''}\n`,
    );
    for (const document of documents) {
      io.stdout(`${document.NumerKSeFDokumentu}  ${document.NumerFaktury}\n`);
    }
    for (const finding of result.findings) io.stderr(`${file}: ${describe(finding)}\n`);
  }
  return result.ok ? 0 : 1;
}

/** Runs the `ksef` command line; returns the exit code. Never throws. */
export type { CliIo };

export async function main(argv: readonly string[], io: CliIo = nodeIo): Promise<number> {
  const [command, ...rest] = argv;
  const args = parseArgs(rest, VALUE_FLAGS);
  try {
    switch (command) {
      case 'validate':
        return await validateCommand(args, io);
      case 'number':
        return numberCommand(args, io);
      case 'qr':
        return await qrCommand(args, io);
      case 'to-json':
        return await toJsonCommand(args, io);
      case 'to-xml':
        return await toXmlCommand(args, io);
      case 'render':
        return await renderCommand(args, io);
      case 'upo':
        return await upoCommand(args, io);
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
    io.stderr(`ksef: ${errorMessage(error)}\n`);
    return 1;
  }
}
