import {
  libxml2,
  parseWellFormed,
  PARSE_ENCODING,
  PARSE_OPTIONS,
  shortenQuotedValues,
} from '@fiscus/fatturapa/xml-hardening';
import { XmlDocument, XmlParseError } from 'libxml2-wasm';
import { xmlFinding, type Finding } from '../findings.ts';
import type { XAttribute, XDocument, XElement } from '../tree/node.ts';
import { decodeInput } from './decode.ts';
import { DEFAULT_MAX_BYTES } from './limits.ts';
import { acceptQuickly } from './quick-accept.ts';
import { isUblRoot, UBL_ROOTS } from './roots.ts';
import { checkXmlSafety, oversize, tooLargeFinding } from './safety.ts';
import { readTree, type NodePointers } from './tree-reader.ts';

export interface ParseOptions {
  /** Largest accepted document in bytes (default 100 MB, see limits.ts). */
  maxBytes?: number;
}

export interface ParsedUbl {
  /** The tree; undefined when the input is not safe, well-formed XML. */
  document?: XDocument;
  /** Layer-1 findings (all fatal). */
  findings: Finding[];
}

/** A parse whose libxml2 document is kept for the XSD layer; `release` frees it. */
export interface Libxml2Parse extends ParsedUbl {
  /** libxml2's document (a pointer), 0 when there is none. */
  pointer: number;
  /** Tree nodes of the libxml2 nodes asked for (see NodePointers). */
  nodes?: Map<number, XElement | XAttribute>;
  release: () => void;
}

/** Layer 1 and libxml2's parse, before any tree: the document is `pointer` (0 when none). */
export interface RawParse {
  findings: Finding[];
  pointer: number;
  release: () => void;
}

const encoder = new TextEncoder();
const nothing = (): void => undefined;

/** libxml2's first error on `utf8`, as a finding (the fast parser only says that one exists). */
function malformedFinding(utf8: Uint8Array): Finding {
  try {
    // The same parse again, through the public API that describes its errors.
    XmlDocument.fromBuffer(utf8, { encoding: PARSE_ENCODING, option: PARSE_OPTIONS }).dispose();
  } catch (error) {
    const first = error instanceof XmlParseError ? error.details[0] : undefined;
    if (first) {
      return xmlFinding(
        'XML-MALFORMED',
        `Malformed XML at line ${first.line}, column ${first.col}: ${shortenQuotedValues(first.message.trim())}`,
      );
    }
  }
  return xmlFinding('XML-MALFORMED', 'Malformed XML');
}

function failed(findings: Finding[]): Libxml2Parse {
  return { findings, pointer: 0, release: nothing };
}

/** What layer 1 let through: the document's UTF-8 bytes; or the findings that stop everything. */
export type AcceptedInput = { utf8: Uint8Array } | { findings: Finding[] };

/**
 * Layer 1 on `input`: size, encoding and the XML-safety checks, before any parser. Bytes the
 * quick scan certainly accepts (quick-accept.ts, where the native addon is built) skip the rest.
 */
export function acceptInput(input: string | Uint8Array, options: ParseOptions = {}): AcceptedInput {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (typeof input !== 'string' && input.length <= maxBytes) {
    const utf8 = acceptQuickly(input);
    if (utf8) return { utf8 };
  }
  return acceptInputFully(input, options);
}

/** Layer 1 in full: what acceptInput answers, always worded; its quick scan never runs. */
export function acceptInputFully(
  input: string | Uint8Array,
  options: ParseOptions = {},
): AcceptedInput {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let text: string;
  let utf8: Uint8Array | undefined;
  if (typeof input === 'string') {
    const size = oversize(input, maxBytes);
    if (size > 0) return { findings: [tooLargeFinding(size, maxBytes)] };
    text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  } else {
    if (input.length > maxBytes) return { findings: [tooLargeFinding(input.length, maxBytes)] };
    const decoded = decodeInput(input);
    if ('layer' in decoded) return { findings: [decoded] };
    text = decoded.text;
    utf8 = decoded.utf8;
  }
  const unsafe = checkXmlSafety(text);
  if (unsafe.length > 0) return { findings: unsafe };
  return { utf8: utf8 ?? encoder.encode(text) };
}

/** libxml2-wasm's parse of bytes layer 1 accepted; no tree yet (see readParsed). */
export function parseAccepted(utf8: Uint8Array): RawParse {
  if (!libxml2) {
    throw new Error('libxml2-wasm 0.7.2 is required (its internal bindings are missing)');
  }
  const api = libxml2;
  let pointer: number;
  try {
    pointer = parseWellFormed(api, utf8);
  } catch (error) {
    // libxml2 out of its memory (a document past what layer 1 foresaw): a finding all the same.
    return failed([
      xmlFinding(
        'XML-TOO-LARGE',
        `libxml2 could not parse the document: ${error instanceof Error ? error.message : String(error)}`,
      ),
    ]);
  }
  if (pointer === 0) return failed([malformedFinding(utf8)]);
  return { findings: [], pointer, release: () => api.xmlFreeDoc(pointer) };
}

/** Layer 1 and libxml2's parse of `input`; no tree yet (see readParsed). */
export function parseLibxml2(input: string | Uint8Array, options: ParseOptions = {}): RawParse {
  const accepted = acceptInput(input, options);
  return 'findings' in accepted ? failed(accepted.findings) : parseAccepted(accepted.utf8);
}

/** The XML-ROOT finding for a root element this engine does not read, if it is one. */
export function rootFinding(root: XElement): Finding | undefined {
  if (isUblRoot(root.ns, root.local)) return undefined;
  return xmlFinding(
    'XML-ROOT',
    `The root element ${root.ns ? `{${root.ns}}` : ''}${root.local} is not a UBL 2.1 document this engine reads (${UBL_ROOTS.join(', ')}, each in its UBL 2.1 namespace)`,
    `/${root.prefix ? `${root.prefix}:` : ''}${root.local}`,
  );
}

/**
 * The tree of a successful parseLibxml2 and the root's finding; `pointers` collects the tree
 * nodes of the libxml2 nodes it wants. Does not release the libxml2 document.
 */
export function readParsed(parse: RawParse, pointers?: NodePointers): ParsedUbl {
  const document = readTree(parse.pointer, pointers);
  if (!document?.root) {
    return { findings: [xmlFinding('XML-MALFORMED', 'The document has no root element')] };
  }
  const finding = rootFinding(document.root);
  return { document, findings: finding ? [finding] : [] };
}

/**
 * Layer 1 and the parse into the tree, keeping libxml2's document (release it). With `pointers`,
 * maps every libxml2 element and attribute to the tree (for tools; validateUbl asks only for the
 * nodes of XSD errors).
 */
export function parseKeepingLibxml2(
  input: string | Uint8Array,
  options: ParseOptions = {},
  { pointers = false }: { pointers?: boolean } = {},
): Libxml2Parse {
  const raw = parseLibxml2(input, options);
  if (raw.pointer === 0) return { findings: raw.findings, pointer: 0, release: raw.release };
  const nodes = pointers ? new Map<number, XElement | XAttribute>() : undefined;
  const parsed = readParsed(raw, nodes ? { wanted: 'all', found: nodes } : undefined);
  if (!parsed.document) {
    raw.release();
    return { findings: parsed.findings, pointer: 0, release: nothing };
  }
  return { ...parsed, pointer: raw.pointer, ...(nodes ? { nodes } : {}), release: raw.release };
}

/**
 * Reads a UBL document safely (layer 1) into the one tree of every later layer. Never throws
 * for bad input: `findings` says why `document` is missing (unsafe or not well-formed) or why
 * the document is no UBL this engine reads (XML-ROOT: the tree is there, but nothing after
 * layer 1 should read it).
 */
export function parseUbl(input: string | Uint8Array, options: ParseOptions = {}): ParsedUbl {
  const parsed = parseKeepingLibxml2(input, options);
  parsed.release();
  const { document, findings } = parsed;
  return document ? { document, findings } : { findings };
}
