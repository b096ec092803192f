// UPO v4-3 (Urzędowe Poświadczenie Odbioru, the official receipt of KSeF): made and read.
// Structure: schemas/upo/upo-v4-3.xsd; examples: the Ministry's samples/upo/v4-3.
import { createHash } from 'node:crypto';
import {
  ParseOption,
  XmlDocument,
  XmlElement,
  XmlValidateError,
  type ErrorDetail,
} from 'libxml2-wasm';
import { makeFinding, type KsefFinding } from '../findings.ts';
import { checkKsefNumber } from '../number/ksef-number.ts';
import { upoValidator } from './upo-schema.ts';

export const UPO_NAMESPACE = 'http://upo.schematy.mf.gov.pl/KSeF/v4-3';
/** UPO namespaces of KSeF 1.0, recognised to say so rather than "wrong document". */
const OLDER_UPO_NAMESPACE = /^http:\/\/upo\.schematy\.mf\.gov\.pl\/KSeF\/v(\d+)(?:-(\d+))?$/;
/** The receiver the schema fixes; the test environments write their own name there. */
export const UPO_RECEIVER = 'Ministerstwo Finansów';
/** 10,000 documents (the schema's maximum) take about 5 MB. */
const MAX_UPO_BYTES = 16 * 1024 * 1024;

export type UpoContext =
  | { Nip: string }
  | { IdWewnetrzny: string }
  | { IdZlozonyVatUE: string }
  | { IdDostawcyUslugPeppol: string };

export type UpoAuthentication =
  { NumerReferencyjnyTokenaKSeF: string } | { SkrotDokumentuUwierzytelniajacego: string };

export interface UpoDocument {
  NipSprzedawcy: string;
  NumerKSeFDokumentu: string;
  NumerFaktury: string;
  /** YYYY-MM-DD */
  DataWystawieniaFaktury: string;
  /** xs:dateTime */
  DataPrzeslaniaDokumentu: string;
  /** xs:dateTime */
  DataNadaniaNumeruKSeF: string;
  /** SHA-256 of the invoice file, Base64 (44 characters). */
  SkrotDokumentu: string;
  TrybWysylki: 'Online' | 'Offline';
}

export interface UpoPage {
  Strona: string;
  LiczbaStron: string;
  ZakresDokumentowOd: string;
  ZakresDokumentowDo: string;
  CalkowitaLiczbaDokumentow: string;
}

/** A UPO v4-3, keyed by its element names like the invoices' JSON. */
export interface Upo {
  wersjaSchemy?: string;
  NazwaPodmiotuPrzyjmujacego: string;
  NumerReferencyjnySesji: string;
  Uwierzytelnienie: { IdKontekstu: UpoContext } & UpoAuthentication;
  OpisPotwierdzenia?: UpoPage;
  NazwaStrukturyLogicznej: string;
  KodFormularza: string;
  Dokument: UpoDocument[];
}

// ---------------------------------------------------------------------------------------------
// Making

/** One invoice of a UPO to make: its KSeF number, acquisition time and file (or its hash). */
export interface MakeUpoDocument {
  ksefNumber: string;
  /** When KSeF gave the number (DataNadaniaNumeruKSeF), xs:dateTime. */
  acquiredAt: string;
  /** When the file was sent (DataPrzeslaniaDokumentu); default `acquiredAt`. */
  sentAt?: string;
  /** The invoice file as sent; or give `documentHash` (SHA-256, Base64). */
  xmlBytes?: Uint8Array | string;
  documentHash?: string;
  /** P_2 of the invoice. */
  invoiceNumber: string;
  /** P_1 of the invoice, YYYY-MM-DD. */
  issueDate: string;
  /** Default: the NIP of the KSeF number. */
  sellerNip?: string;
  mode?: 'Online' | 'Offline';
}

export interface MakeUpoInput {
  /** NumerReferencyjnySesji, e.g. 20250916-SE-0123456789-ABCDEF0123-45. */
  sessionReference: string;
  /** Default: the NIP of the first document's seller. */
  context?: UpoContext;
  authentication: UpoAuthentication;
  /** KodFormularza; default `FA (3)`. */
  formCode?: string;
  /** NazwaStrukturyLogicznej; default the form's schema file name. */
  structureName?: string;
  /** NazwaPodmiotuPrzyjmujacego; default (and the schema's fixed value) `Ministerstwo Finansów`. */
  receiver?: string;
  page?: UpoPage;
  documents: MakeUpoDocument[];
}

const STRUCTURE_NAMES: Readonly<Record<string, string>> = {
  'FA (3)': 'Schemat_FA(3)_v1-0E.xsd',
  'FA (2)': 'Schemat_FA(2)_v1-0E.xsd',
  'FA_RR (1)': 'Schemat_FA_RR(1)_v1-1E.xsd',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (character) =>
    character === '&'
      ? '&amp;'
      : character === '<'
        ? '&lt;'
        : character === '>'
          ? '&gt;'
          : '&quot;',
  );
}

function element(name: string, value: string, indent: string): string {
  return `${indent}<${name}>${escapeXml(value)}</${name}>\n`;
}

/** The Warsaw calendar day of an xs:dateTime (KSeF numbers carry the day in Polish time). */
function warsawDay(dateTime: string): string | undefined {
  const time = Date.parse(dateTime);
  if (Number.isNaN(time)) return undefined;
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(time)
    .replaceAll('-', '');
}

function documentOf(
  input: MakeUpoDocument,
  index: number,
  problems: KsefFinding[],
): UpoDocument | undefined {
  const path = `Potwierdzenie.Dokument[${index}]`;
  const number = checkKsefNumber(input.ksefNumber);
  if (!number.valid) {
    problems.push(
      makeFinding(
        'ksef',
        'upo-ksef-number',
        `${path}.NumerKSeFDokumentu`,
        `Not a KSeF number: ${number.reason ?? ''}`,
        `Niepoprawny numer KSeF: ${number.reasonPl ?? ''}`,
      ),
    );
    return undefined;
  }
  const numberDay = input.ksefNumber.slice(11, 19);
  if (warsawDay(input.acquiredAt) !== numberDay) {
    problems.push(
      makeFinding(
        'ksef',
        'upo-number-day',
        `${path}.DataNadaniaNumeruKSeF`,
        `The KSeF number carries the day ${numberDay}, the acquisition time ${input.acquiredAt} is another day in Poland`,
        `Numer KSeF zawiera datę ${numberDay}, a czas nadania numeru ${input.acquiredAt} to inny dzień w Polsce`,
      ),
    );
  }
  const sellerNip = input.sellerNip ?? input.ksefNumber.slice(0, 10);
  if (sellerNip !== input.ksefNumber.slice(0, 10)) {
    problems.push(
      makeFinding(
        'ksef',
        'upo-seller-nip',
        `${path}.NipSprzedawcy`,
        `The seller's NIP ${sellerNip} is not the NIP of the KSeF number`,
        `NIP sprzedawcy ${sellerNip} różni się od NIP-u w numerze KSeF`,
      ),
    );
  }
  const hash =
    input.documentHash ??
    (input.xmlBytes === undefined
      ? ''
      : createHash('sha256').update(input.xmlBytes).digest('base64'));
  return {
    NipSprzedawcy: sellerNip,
    NumerKSeFDokumentu: input.ksefNumber,
    NumerFaktury: input.invoiceNumber,
    DataWystawieniaFaktury: input.issueDate,
    DataPrzeslaniaDokumentu: input.sentAt ?? input.acquiredAt,
    DataNadaniaNumeruKSeF: input.acquiredAt,
    SkrotDokumentu: hash,
    TrybWysylki: input.mode ?? 'Online',
  };
}

// The order of the schema's sequences, whatever the order of the object's keys.
const PAGE_ORDER: readonly (keyof UpoPage)[] = [
  'Strona',
  'LiczbaStron',
  'ZakresDokumentowOd',
  'ZakresDokumentowDo',
  'CalkowitaLiczbaDokumentow',
];
const DOCUMENT_ORDER: readonly (keyof UpoDocument)[] = [
  'NipSprzedawcy',
  'NumerKSeFDokumentu',
  'NumerFaktury',
  'DataWystawieniaFaktury',
  'DataPrzeslaniaDokumentu',
  'DataNadaniaNumeruKSeF',
  'SkrotDokumentu',
  'TrybWysylki',
];

function inSchemaOrder<T extends object>(value: T, order: readonly (keyof T)[]): string {
  return order
    .map((name) => {
      const text = value[name];
      return typeof text === 'string' ? element(String(name), text, '    ') : '';
    })
    .join('');
}

/** The UPO as XML text (no validation). */
export function upoToXml(upo: Upo): string {
  const [contextName, contextValue] = Object.entries(upo.Uwierzytelnienie.IdKontekstu)[0] ?? [];
  const authentication =
    'NumerReferencyjnyTokenaKSeF' in upo.Uwierzytelnienie
      ? element(
          'NumerReferencyjnyTokenaKSeF',
          upo.Uwierzytelnienie.NumerReferencyjnyTokenaKSeF,
          '    ',
        )
      : element(
          'SkrotDokumentuUwierzytelniajacego',
          upo.Uwierzytelnienie.SkrotDokumentuUwierzytelniajacego,
          '    ',
        );
  const page = upo.OpisPotwierdzenia
    ? `  <OpisPotwierdzenia>\n${inSchemaOrder(upo.OpisPotwierdzenia, PAGE_ORDER)}  </OpisPotwierdzenia>\n`
    : '';
  const documents = upo.Dokument.map(
    (document) => `  <Dokument>\n${inSchemaOrder(document, DOCUMENT_ORDER)}  </Dokument>\n`,
  ).join('');
  const version = upo.wersjaSchemy ? ` wersjaSchemy="${escapeXml(upo.wersjaSchemy)}"` : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Potwierdzenie xmlns="${UPO_NAMESPACE}"${version}>\n` +
    element('NazwaPodmiotuPrzyjmujacego', upo.NazwaPodmiotuPrzyjmujacego, '  ') +
    element('NumerReferencyjnySesji', upo.NumerReferencyjnySesji, '  ') +
    `  <Uwierzytelnienie>\n    <IdKontekstu>\n` +
    element(contextName ?? 'Nip', contextValue ?? '', '      ') +
    `    </IdKontekstu>\n${authentication}  </Uwierzytelnienie>\n` +
    page +
    element('NazwaStrukturyLogicznej', upo.NazwaStrukturyLogicznej, '  ') +
    element('KodFormularza', upo.KodFormularza, '  ') +
    documents +
    `</Potwierdzenie>\n`
  );
}

/**
 * Makes a UPO v4-3 for invoices KSeF accepted: from each one's KSeF number, acquisition time
 * and file (or hash), valid against upo-v4-3.xsd. Never throws: input the schema or the KSeF
 * number rules refuse gives `problems` and no `xml`.
 */
export function makeUpo(input: MakeUpoInput): { xml?: string; upo?: Upo; problems: KsefFinding[] } {
  const problems: KsefFinding[] = [];
  try {
    const documents = (input.documents ?? []).flatMap((document, index) => {
      const made = documentOf(document, index, problems);
      return made ? [made] : [];
    });
    if ((input.documents ?? []).length === 0) {
      problems.push(
        makeFinding(
          'schema',
          'upo-no-document',
          'Potwierdzenie.Dokument',
          'A UPO confirms at least one document',
          'UPO potwierdza co najmniej jeden dokument',
        ),
      );
    }
    if (problems.length > 0) return { problems };
    const formCode = input.formCode ?? 'FA (3)';
    const upo: Upo = {
      NazwaPodmiotuPrzyjmujacego: input.receiver ?? UPO_RECEIVER,
      NumerReferencyjnySesji: input.sessionReference,
      Uwierzytelnienie: {
        IdKontekstu: input.context ?? { Nip: documents[0]?.NipSprzedawcy ?? '' },
        ...input.authentication,
      },
      ...(input.page ? { OpisPotwierdzenia: input.page } : {}),
      NazwaStrukturyLogicznej: input.structureName ?? STRUCTURE_NAMES[formCode] ?? formCode,
      KodFormularza: formCode,
      Dokument: documents,
    };
    const xml = upoToXml(upo);
    const read = readUpo(xml);
    // A test environment's receiver name stays possible (advisory), for sandboxes.
    if (!read.ok) return { problems: read.findings };
    return { xml, upo, problems: read.findings };
  } catch (error) {
    problems.push(
      makeFinding(
        'schema',
        'upo-input',
        '',
        `Cannot make the UPO: ${error instanceof Error ? error.message : String(error)}`,
        `Nie można utworzyć UPO: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
    return { problems };
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface ReadUpoResult {
  /** The UPO, when it is a UPO v4-3 that could be read (also when the schema finds faults). */
  upo?: Upo;
  /** The UPO namespace's version (`4-3`, `3`, …) when the root is a UPO. */
  version?: string;
  /** `ok` is false when any finding is not advisory. */
  ok: boolean;
  findings: KsefFinding[];
}

function refused(
  code: string,
  message: string,
  messagePl: string,
  version?: string,
): ReadUpoResult {
  return {
    ok: false,
    ...(version ? { version } : {}),
    findings: [makeFinding('xml', code, '', message, messagePl)],
  };
}

function decode(input: string | Uint8Array): string | ReadUpoResult {
  if (typeof input === 'string') return input;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(input);
  } catch {
    return refused('upo-encoding', 'The UPO is not UTF-8', 'UPO nie jest zapisane w UTF-8');
  }
}

function elementChildren(node: XmlElement): XmlElement[] {
  const children: XmlElement[] = [];
  for (let child = node.firstChild; child; child = child.next) {
    if (child instanceof XmlElement) children.push(child);
  }
  return children;
}

function text(node: XmlElement | undefined): string {
  return (node?.content ?? '').trim();
}

function childrenByName(node: XmlElement): Map<string, XmlElement[]> {
  const map = new Map<string, XmlElement[]>();
  for (const child of elementChildren(node)) {
    const list = map.get(child.name) ?? [];
    list.push(child);
    map.set(child.name, list);
  }
  return map;
}

/** The element's text children as a record of trimmed strings (the UPO has no mixed content). */
function record(node: XmlElement | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (!node) return result;
  for (const child of elementChildren(node)) result[child.name] = text(child);
  return result;
}

function upoOf(root: XmlElement): Upo {
  const children = childrenByName(root);
  const first = (name: string): XmlElement | undefined => children.get(name)?.[0];
  const authentication = first('Uwierzytelnienie');
  const authenticationParts = authentication ? childrenByName(authentication) : new Map();
  const context = record(authenticationParts.get('IdKontekstu')?.[0]);
  const authRecord = record(authentication);
  delete authRecord.IdKontekstu;
  const version = root.attrs.find((attribute) => attribute.name === 'wersjaSchemy')?.value;
  const page = first('OpisPotwierdzenia');
  return {
    ...(version !== undefined ? { wersjaSchemy: version } : {}),
    NazwaPodmiotuPrzyjmujacego: text(first('NazwaPodmiotuPrzyjmujacego')),
    NumerReferencyjnySesji: text(first('NumerReferencyjnySesji')),
    Uwierzytelnienie: {
      IdKontekstu: context as UpoContext,
      ...(authRecord as UpoAuthentication),
    },
    ...(page ? { OpisPotwierdzenia: record(page) as unknown as UpoPage } : {}),
    NazwaStrukturyLogicznej: text(first('NazwaStrukturyLogicznej')),
    KodFormularza: text(first('KodFormularza')),
    Dokument: (children.get('Dokument') ?? []).map(
      (document) => record(document) as unknown as UpoDocument,
    ),
  };
}

/** libxml2's `/*\/*[7]/*[2]` as `Potwierdzenie.Dokument[0].NumerKSeFDokumentu`. */
function jsonPath(root: XmlElement, xpath: string | undefined): string {
  if (!xpath) return '';
  const steps = xpath.split('/').slice(2);
  const names = ['Potwierdzenie'];
  let node = root;
  for (const step of steps) {
    const position = /^\*\[(\d+)\]$/.exec(step);
    const children = elementChildren(node);
    const child = children[position ? Number(position[1]) - 1 : 0];
    if (!child) break;
    const sameName = children.filter((sibling) => sibling.name === child.name);
    names.push(child.name === 'Dokument' ? `Dokument[${sameName.indexOf(child)}]` : child.name);
    node = child;
  }
  return names.join('.');
}

function schemaFindings(document: XmlDocument, root: XmlElement, receiver: string): KsefFinding[] {
  let details: ErrorDetail[] = [];
  try {
    upoValidator().validate(document);
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    details = error.details;
  }
  const testEnvironment = receiver.startsWith(`${UPO_RECEIVER} - `);
  return details
    .filter((detail) => !detail.message.includes('No precomputed value available'))
    .map((detail) => {
      const path = jsonPath(root, detail.xpath);
      const message = detail.message.trim();
      if (testEnvironment && path === 'Potwierdzenie.NazwaPodmiotuPrzyjmujacego') {
        return makeFinding(
          'advisory',
          'upo-test-environment',
          path,
          `A UPO of a KSeF test environment ("${receiver}"): not an official receipt`,
          `UPO ze środowiska testowego KSeF („${receiver}”): nie jest urzędowym poświadczeniem`,
        );
      }
      return makeFinding(
        'schema',
        'upo-schema',
        path,
        message,
        `Niezgodność ze schematem UPO: ${message}`,
      );
    });
}

function numberFindings(upo: Upo): KsefFinding[] {
  return upo.Dokument.flatMap((document, index) => {
    const result = checkKsefNumber(document.NumerKSeFDokumentu ?? '');
    if (result.valid) return [];
    return [
      makeFinding(
        'ksef',
        'upo-ksef-number',
        `Potwierdzenie.Dokument[${index}].NumerKSeFDokumentu`,
        `Not a KSeF number: ${result.reason ?? ''}`,
        `Niepoprawny numer KSeF: ${result.reasonPl ?? ''}`,
      ),
    ];
  });
}

/**
 * Reads a UPO v4-3 and checks it against upo-v4-3.xsd and the KSeF number rules. A UPO of
 * another version (KSeF 1.0's v3…) or any other document is refused with a finding. Never throws.
 */
export function readUpo(input: string | Uint8Array): ReadUpoResult {
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > MAX_UPO_BYTES) {
    return refused(
      'upo-too-large',
      `The UPO is larger than ${MAX_UPO_BYTES} bytes`,
      `UPO jest większe niż ${MAX_UPO_BYTES} bajtów`,
    );
  }
  const xml = decode(input);
  if (typeof xml !== 'string') return xml;
  if (xml.includes('<!DOCTYPE') || xml.includes('<!ENTITY')) {
    return refused(
      'upo-doctype',
      'A UPO has no DOCTYPE or entity declarations',
      'UPO nie może zawierać deklaracji DOCTYPE ani encji',
    );
  }
  let document: XmlDocument | undefined;
  try {
    try {
      document = XmlDocument.fromString(xml.replace(/^\uFEFF/, ''), {
        option: ParseOption.XML_PARSE_NONET,
      });
    } catch (error) {
      const detail = (error as { details?: ErrorDetail[] }).details?.[0];
      const where = detail ? ` (line ${detail.line})` : '';
      const message = (detail?.message ?? (error instanceof Error ? error.message : '')).trim();
      return refused(
        'upo-not-xml',
        `The UPO is not well-formed XML${where}: ${message}`,
        `UPO nie jest poprawnym dokumentem XML${where}: ${message}`,
      );
    }
    const root = document.root;
    const namespace = root.namespaceUri;
    const older = OLDER_UPO_NAMESPACE.exec(namespace);
    const version = older ? (older[2] ? `${older[1]}-${older[2]}` : older[1]) : undefined;
    if (root.name !== 'Potwierdzenie' || !older) {
      return refused(
        'upo-not-upo',
        `Not a UPO: the root is {${namespace}}${root.name}, expected {${UPO_NAMESPACE}}Potwierdzenie`,
        `To nie jest UPO: element główny {${namespace}}${root.name}, oczekiwano {${UPO_NAMESPACE}}Potwierdzenie`,
      );
    }
    if (namespace !== UPO_NAMESPACE) {
      return refused(
        'upo-unsupported-version',
        `UPO version ${version ?? '?'} (${namespace}) is not read: KSeF 2.0 issues UPO v4-3 (${UPO_NAMESPACE})`,
        `UPO w wersji ${version ?? '?'} (${namespace}) nie jest obsługiwane: KSeF 2.0 wydaje UPO v4-3 (${UPO_NAMESPACE})`,
        version,
      );
    }
    const upo = upoOf(root);
    const findings = [
      ...schemaFindings(document, root, upo.NazwaPodmiotuPrzyjmujacego),
      ...numberFindings(upo),
    ];
    return {
      upo,
      version,
      ok: findings.every((finding) => finding.layer === 'advisory'),
      findings,
    };
  } catch (error) {
    return refused(
      'upo-unreadable',
      `The UPO cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      `Nie można odczytać UPO: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    document?.dispose();
  }
}
