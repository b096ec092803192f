/**
 * The camt.053 (bank to customer statement) and camt.054 (debit/credit notification) reader:
 * the file is checked before any parser runs (size, characters, no DTD, depth and name
 * lengths), parsed by libxml2 (never touching the network), validated against the official
 * ISO 20022 XSD of its message and version, and its amounts read as exact decimals. A file
 * that fails any step is refused whole, with a stable code.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { XmlDocument, XmlElement, XmlParseError, XsdValidator } from 'libxml2-wasm';
import { validateBounded } from '@fiscus/fatturapa/bounded-xsd-validation';
import { PARSE_OPTIONS } from '@fiscus/fatturapa/document-parser';
import {
  declaresDtd,
  forbiddenCharacterIn,
  scanMarkupLimits,
} from '@fiscus/fatturapa/xml-hardening';
import { schemaReasonMessage, schemaReasonOf } from '@fiscus/fatturapa/schema-reason';
import type { BankEntry, BankEntryDetail } from '../model.ts';
import { camtRefusal, type CamtRefusal, type CamtSchemaProblem } from './camt-refusal.ts';

/** The messages and versions read, each with its official XSD in `schemas/`. */
export const CAMT_VERSIONS = {
  'camt.053': ['001.02', '001.04', '001.08'],
  'camt.054': ['001.02', '001.04', '001.08'],
} as const;

export type CamtMessage = keyof typeof CAMT_VERSIONS;
export type CamtVersion = (typeof CAMT_VERSIONS)[CamtMessage][number];

const NAMESPACE_PREFIX = 'urn:iso:std:iso:20022:tech:xsd:';

/** Default size limit: a year of a busy account's statements fits well under it. */
export const DEFAULT_MAX_CAMT_BYTES = 32 * 1024 * 1024;
/** A camt entry's deepest element is about 12 levels down; 40 leaves room and stops bombs. */
export const MAX_CAMT_DEPTH = 40;
/** The longest camt element name is 23 characters; 35 leaves room. */
export const MAX_CAMT_NAME_LENGTH = 35;
/** Schema problems described; the rest are counted. */
const MAX_PROBLEMS = 20;

/** Minor units of the currencies that do not have two decimals (ISO 4217). */
const MINOR_UNITS: Record<string, number> = {
  JPY: 0,
  KRW: 0,
  ISK: 0,
  CLP: 0,
  VND: 0,
  XOF: 0,
  XAF: 0,
  HUF: 2,
  BHD: 3,
  KWD: 3,
  OMR: 3,
  TND: 3,
  JOD: 3,
  IQD: 3,
  LYD: 3,
};

/** One account's statement (camt.053 `Stmt`) or notification (camt.054 `Ntfctn`). */
export interface CamtAccountReport {
  id: string;
  /** The account's IBAN (`Acct/Id/IBAN`), or its other identification. */
  iban?: string;
  accountId?: string;
  currency?: string;
  entries: BankEntry[];
}

export interface CamtDocument {
  message: CamtMessage;
  version: CamtVersion;
  /** `GrpHdr/MsgId`. */
  messageId: string;
  reports: CamtAccountReport[];
  /** Every report's entries, in file order. */
  entries: BankEntry[];
}

export type CamtResult = { ok: true; document: CamtDocument } | { ok: false; refusal: CamtRefusal };

export interface CamtReadOptions {
  /** Largest file accepted, in bytes (default 32 MB). */
  maxBytes?: number;
}

const validators = new Map<string, XsdValidator>();

function validatorOf(message: CamtMessage, version: CamtVersion): XsdValidator {
  const name = `${message}.${version}.xsd`;
  let validator = validators.get(name);
  if (!validator) {
    const path = fileURLToPath(new URL(`../../schemas/${name}`, import.meta.url));
    validator = XsdValidator.fromDoc(XmlDocument.fromBuffer(readFileSync(path), { url: name }));
    validators.set(name, validator);
  }
  return validator;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

function decode(input: string | Uint8Array): string | undefined {
  if (typeof input === 'string') return input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  try {
    const decoded = utf8.decode(input);
    return decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  } catch {
    return undefined;
  }
}

/** The checks made before any parser sees the text. */
function preflight(
  text: string | undefined,
  size: number,
  maxBytes: number,
): CamtRefusal | undefined {
  if (size > maxBytes)
    return camtRefusal('too-large', { size: String(size), max: String(maxBytes) });
  if (text === undefined) {
    return camtRefusal('not-xml', { reason: 'not UTF-8 text', reasonIt: 'non è testo UTF-8' });
  }
  if (text.trim() === '') return camtRefusal('empty');
  const forbidden = forbiddenCharacterIn(text);
  if (forbidden) {
    return camtRefusal(
      'not-xml',
      forbidden === 'control'
        ? { reason: 'binary content', reasonIt: 'contenuto binario' }
        : { reason: 'a lone surrogate', reasonIt: 'un surrogato isolato' },
    );
  }
  if (!text.trimStart().startsWith('<')) {
    return camtRefusal('not-xml', {
      reason: 'it does not start with "<"',
      reasonIt: 'non inizia con "<"',
    });
  }
  if (declaresDtd(text)) return camtRefusal('doctype-forbidden');
  const limit = scanMarkupLimits(text, {
    maxDepth: MAX_CAMT_DEPTH,
    maxNameLength: MAX_CAMT_NAME_LENGTH,
  });
  if (limit?.kind === 'too-deep') return camtRefusal('too-deep', { max: String(MAX_CAMT_DEPTH) });
  if (limit) {
    return camtRefusal('name-too-long', {
      length: String(limit.length),
      max: String(MAX_CAMT_NAME_LENGTH),
    });
  }
  return undefined;
}

function elements(parent: XmlElement | undefined, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (let node = parent?.firstChild ?? null; node; node = node.next) {
    if (node instanceof XmlElement && node.name === name) found.push(node);
  }
  return found;
}

function element(parent: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let current = parent;
  for (const name of path) {
    let next: XmlElement | undefined;
    for (let node = current?.firstChild ?? null; node && !next; node = node.next) {
      if (node instanceof XmlElement && node.name === name) next = node;
    }
    if (!next) return undefined;
    current = next;
  }
  return current;
}

function text(parent: XmlElement | undefined, ...path: string[]): string | undefined {
  const found = element(parent, ...path);
  const value = found?.content.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** Whether a decimal text has no more decimals than the currency's minor unit. */
function fitsCurrency(value: string, currency: string): boolean {
  const point = value.indexOf('.');
  if (point === -1) return true;
  const digits = MINOR_UNITS[currency] ?? 2;
  return [...value.slice(point + 1 + digits)].every((digit) => digit === '0');
}

/** The amount of an `Amt` element, checked: a refusal when it is no amount of its currency. */
function amountOf(amount: XmlElement): { value: string; currency: string } | CamtRefusal {
  const value = amount.content.trim();
  const currency = amount.attr('Ccy')?.value ?? '';
  if (!fitsCurrency(value, currency)) {
    return camtRefusal(
      'amount-not-decimal',
      { value: value.slice(0, 40), currency, line: String(amount.line) },
      { line: amount.line },
    );
  }
  return { value: normalizedAmount(value), currency };
}

/** '+0012.50000' as '12.50': the schema's decimal written plainly, zeros past the cents dropped. */
function normalizedAmount(value: string): string {
  const unsigned = value.startsWith('+') ? value.slice(1) : value;
  const [whole = '', fraction = ''] = unsigned.split('.');
  let start = 0;
  while (start < whole.length - 1 && whole[start] === '0') start += 1;
  let end = fraction.length;
  while (end > 2 && fraction[end - 1] === '0') end -= 1;
  return `${whole.slice(start) || '0'}.${fraction.slice(0, end).padEnd(2, '0')}`;
}

function dateOf(choice: XmlElement | undefined): string | undefined {
  return (text(choice, 'Dt') ?? text(choice, 'DtTm'))?.slice(0, 10);
}

function partyName(parties: XmlElement | undefined, role: 'Dbtr' | 'Cdtr'): string | undefined {
  return text(parties, role, 'Nm') ?? text(parties, role, 'Pty', 'Nm');
}

function detailOf(transaction: XmlElement, credit: boolean): BankEntryDetail | CamtRefusal {
  const parties = element(transaction, 'RltdPties');
  const role = credit ? 'Dbtr' : 'Cdtr';
  const counterpartyName = partyName(parties, role) ?? partyName(parties, credit ? 'Dbtr' : 'Cdtr');
  const counterpartyIban = text(parties, `${role}Acct`, 'Id', 'IBAN');
  const remittance: string[] = [];
  const creditorReferences: string[] = [];
  for (const information of elements(transaction, 'RmtInf')) {
    for (const line of elements(information, 'Ustrd')) remittance.push(line.content.trim());
    for (const structured of elements(information, 'Strd')) {
      const reference = text(structured, 'CdtrRefInf', 'Ref');
      if (reference) creditorReferences.push(reference);
      for (const document of elements(structured, 'RfrdDocInf')) {
        const number = text(document, 'Nb');
        if (number) creditorReferences.push(number);
      }
      const additional = text(structured, 'AddtlRmtInf');
      if (additional) remittance.push(additional);
    }
  }
  const additional = text(transaction, 'AddtlTxInf');
  if (additional) remittance.push(additional);
  const detail: BankEntryDetail = { remittance: remittance.join(' ') };
  const amount =
    element(transaction, 'Amt') ??
    element(transaction, 'AmtDtls', 'TxAmt', 'Amt') ??
    element(transaction, 'AmtDtls', 'InstdAmt', 'Amt');
  if (amount) {
    const read = amountOf(amount);
    if ('code' in read) return read;
    detail.amount = read.value;
    detail.currency = read.currency;
  }
  if (counterpartyName) detail.counterpartyName = counterpartyName;
  if (counterpartyIban) detail.counterpartyIban = counterpartyIban;
  if (creditorReferences.length > 0) detail.creditorReferences = creditorReferences;
  const endToEndId = text(transaction, 'Refs', 'EndToEndId');
  if (endToEndId && endToEndId !== 'NOTPROVIDED') detail.endToEndId = endToEndId;
  return detail;
}

function entryOf(
  entry: XmlElement,
  position: number,
  account: { iban?: string; currency?: string },
): BankEntry | CamtRefusal {
  const amountElement = element(entry, 'Amt');
  if (!amountElement)
    return camtRefusal('schema-invalid', {
      schema: 'camt',
      line: String(entry.line),
      reason: 'Amt is required',
      reasonIt: 'Amt è obbligatorio',
    });
  const amount = amountOf(amountElement);
  if ('code' in amount) return amount;
  if (account.currency && amount.currency !== account.currency) {
    return camtRefusal(
      'currency-mismatch',
      { found: amount.currency, expected: account.currency, line: String(amountElement.line) },
      { line: amountElement.line },
    );
  }
  const credit = text(entry, 'CdtDbtInd') === 'CRDT';
  const details: BankEntryDetail[] = [];
  for (const group of elements(entry, 'NtryDtls')) {
    for (const transaction of elements(group, 'TxDtls')) {
      const detail = detailOf(transaction, credit);
      if ('code' in detail) return detail;
      details.push(detail);
    }
  }
  const remittance = details.map((detail) => detail.remittance).filter(Boolean);
  const additional = text(entry, 'AddtlNtryInf');
  if (additional) remittance.push(additional);
  const bookingDate = dateOf(element(entry, 'BookgDt')) ?? dateOf(element(entry, 'ValDt')) ?? '';
  const read: BankEntry = {
    ref: text(entry, 'AcctSvcrRef') ?? text(entry, 'NtryRef') ?? `entry-${position}`,
    bookingDate,
    amount: amount.value,
    currency: amount.currency,
    direction: credit ? 'credit' : 'debit',
    status: text(entry, 'Sts', 'Cd') ?? text(entry, 'Sts', 'Prtry') ?? text(entry, 'Sts') ?? 'BOOK',
    remittance: remittance.join(' '),
  };
  const valueDate = dateOf(element(entry, 'ValDt'));
  if (valueDate) read.valueDate = valueDate;
  if (text(entry, 'RvslInd') === 'true') read.reversal = true;
  if (account.iban) read.accountIban = account.iban;
  const [first] = details;
  if (details.length === 1 && first) {
    if (first.counterpartyName) read.counterpartyName = first.counterpartyName;
    if (first.counterpartyIban) read.counterpartyIban = first.counterpartyIban;
    if (first.endToEndId) read.endToEndId = first.endToEndId;
  }
  const references = details.flatMap((detail) => detail.creditorReferences ?? []);
  if (references.length > 0) read.creditorReferences = references;
  if (details.length > 0) read.details = details;
  return read;
}

function rootOf(
  document: XmlDocument,
): { message: CamtMessage; version: CamtVersion } | CamtRefusal {
  const root = document.root;
  const namespace = root.namespaceUri;
  const found = `${namespace ? `{${namespace.slice(0, 100)}}` : ''}${root.name.slice(0, 40)}`;
  const name = namespace.startsWith(NAMESPACE_PREFIX)
    ? namespace.slice(NAMESPACE_PREFIX.length)
    : '';
  const message = name.slice(0, 8);
  if (root.name !== 'Document' || (message !== 'camt.053' && message !== 'camt.054')) {
    return camtRefusal('not-camt', { found });
  }
  const version = name.slice(9);
  const supported = CAMT_VERSIONS[message] as readonly string[];
  if (!supported.includes(version)) {
    return camtRefusal('unsupported-version', {
      message,
      version: version.slice(0, 20),
      supported: supported.map((item) => `${message}.${item}`).join(', '),
    });
  }
  return { message, version: version as CamtVersion };
}

function schemaProblems(
  document: XmlDocument,
  message: CamtMessage,
  version: CamtVersion,
): CamtRefusal | undefined {
  const { details, total } = validateBounded(validatorOf(message, version), document, MAX_PROBLEMS);
  if (total === 0) return undefined;
  const problems: CamtSchemaProblem[] = details.map((detail) => {
    const reason = schemaReasonOf(detail.message.trim());
    const problem: CamtSchemaProblem = {
      line: detail.line,
      message: reason ? schemaReasonMessage(reason, 'en') : detail.message.trim().slice(0, 300),
    };
    if (reason) {
      problem.key = reason.key;
      problem.params = reason.params;
      if (reason.params.element) problem.element = reason.params.element;
    }
    return problem;
  });
  const first = problems[0];
  const schema = `${message}.${version}`;
  // An amount the schema refuses as a decimal has a code of its own.
  if (
    first &&
    first.key === 'schema.invalidValue' &&
    (first.element === 'Amt' || first.element?.endsWith('Amt'))
  ) {
    return camtRefusal(
      'amount-not-decimal',
      { value: first.params?.value ?? '', currency: '', line: String(first.line) },
      { line: first.line, problems },
    );
  }
  const firstReason = details[0] && schemaReasonOf(details[0].message.trim());
  return camtRefusal(
    'schema-invalid',
    {
      schema,
      line: String(first?.line ?? 0),
      reason: first?.message ?? 'not valid',
      reasonIt: firstReason
        ? schemaReasonMessage(firstReason, 'it')
        : (first?.message ?? 'non valido'),
      total: String(total),
    },
    { ...(first ? { line: first.line } : {}), problems },
  );
}

/**
 * Reads a camt.053 statement or camt.054 notification (versions 001.02, 001.04, 001.08) from
 * its bytes or text. Never throws on bad input: `ok: false` carries the refusal (see
 * CamtRefusalCode). Entries keep their transaction details (several for a batch).
 */
export function readCamt(input: string | Uint8Array, options: CamtReadOptions = {}): CamtResult {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_CAMT_BYTES;
  // A string's UTF-8 is at most 3 bytes per unit: only count exactly when it matters.
  const size =
    typeof input === 'string'
      ? input.length * 3 > maxBytes
        ? encoder.encode(input).length
        : input.length
      : input.length;
  if (size > maxBytes)
    return {
      ok: false,
      refusal: camtRefusal('too-large', { size: String(size), max: String(maxBytes) }),
    };
  const source = decode(input);
  const refused = preflight(source, size, maxBytes);
  if (refused || source === undefined)
    return { ok: false, refusal: refused ?? camtRefusal('empty') };
  let document: XmlDocument;
  try {
    document = XmlDocument.fromBuffer(typeof input === 'string' ? encoder.encode(source) : input, {
      option: PARSE_OPTIONS,
    });
  } catch (error) {
    const detail = error instanceof XmlParseError ? error.details[0] : undefined;
    return {
      ok: false,
      refusal: camtRefusal(
        'malformed',
        {
          line: String(detail?.line ?? 0),
          column: String(detail?.col ?? 0),
          detail: (detail?.message ?? 'not well-formed').trim().slice(0, 200),
        },
        detail ? { line: detail.line } : {},
      ),
    };
  }
  try {
    const kind = rootOf(document);
    if ('code' in kind) return { ok: false, refusal: kind };
    const invalid = schemaProblems(document, kind.message, kind.version);
    if (invalid) return { ok: false, refusal: invalid };
    const body = element(
      document.root,
      kind.message === 'camt.053' ? 'BkToCstmrStmt' : 'BkToCstmrDbtCdtNtfctn',
    );
    const reports: CamtAccountReport[] = [];
    let position = 0;
    for (const report of elements(body, kind.message === 'camt.053' ? 'Stmt' : 'Ntfctn')) {
      const iban = text(report, 'Acct', 'Id', 'IBAN');
      const accountId = text(report, 'Acct', 'Id', 'Othr', 'Id');
      const currency = text(report, 'Acct', 'Ccy');
      const read: CamtAccountReport = { id: text(report, 'Id') ?? '', entries: [] };
      if (iban) read.iban = iban;
      if (accountId) read.accountId = accountId;
      if (currency) read.currency = currency;
      for (const entry of elements(report, 'Ntry')) {
        position += 1;
        const account: { iban?: string; currency?: string } = {};
        if (iban) account.iban = iban;
        if (currency) account.currency = currency;
        const parsed = entryOf(entry, position, account);
        if ('code' in parsed) return { ok: false, refusal: parsed };
        read.entries.push(parsed);
      }
      reports.push(read);
    }
    return {
      ok: true,
      document: {
        ...kind,
        messageId: text(body, 'GrpHdr', 'MsgId') ?? '',
        reports,
        entries: reports.flatMap((report) => report.entries),
      },
    };
  } finally {
    document.dispose();
  }
}
