import {
  libxml2,
  parseWellFormed,
  PARSE_ENCODING,
  PARSE_OPTIONS,
} from '@fiscus/fatturapa/xml-hardening';
import { XmlDocument, XmlParseError } from 'libxml2-wasm';
import { xmlFinding, type Finding } from '../findings.ts';
import type { XAttribute, XDocument, XElement } from '../tree/node.ts';
import { decodeInput } from './decode.ts';
import { DEFAULT_MAX_BYTES } from './limits.ts';
import { isUblRoot, UBL_ROOTS } from './roots.ts';
import { checkXmlSafety, oversize, tooLargeFinding } from './safety.ts';
import { readTree } from './tree-reader.ts';

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
  /** Each element's and attribute's libxml2 pointer (only when asked for). */
  nodes?: Map<number, XElement | XAttribute>;
  release: () => void;
}

const encoder = new TextEncoder();
const nothing = (): void => undefined;

/** libxml2's first error on `utf8`, as a finding (the fast parser only says that one exists). */
function malformedFinding(utf8: Uint8Array): Finding {
  try {
    XmlDocument.fromBuffer(utf8, { encoding: PARSE_ENCODING, option: PARSE_OPTIONS }).dispose();
  } catch (error) {
    const first = error instanceof XmlParseError ? error.details[0] : undefined;
    if (first) {
      return xmlFinding(
        'XML-MALFORMED',
        `Malformed XML at line ${first.line}, column ${first.col}: ${first.message.trim()}`,
      );
    }
  }
  return xmlFinding('XML-MALFORMED', 'Malformed XML');
}

function failed(findings: Finding[]): Libxml2Parse {
  return { findings, pointer: 0, release: nothing };
}

/**
 * Layer 1 and the parse, keeping libxml2's document for the XSD layer (validateUbl): safety
 * checks, libxml2's parse, the tree, the root. With `pointers`, also maps libxml2's nodes to the
 * tree's (to place XSD errors).
 */
export function parseKeepingLibxml2(
  input: string | Uint8Array,
  options: ParseOptions = {},
  { pointers = false }: { pointers?: boolean } = {},
): Libxml2Parse {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let text: string;
  let utf8: Uint8Array | undefined;
  if (typeof input === 'string') {
    const size = oversize(input, maxBytes);
    if (size > 0) return failed([tooLargeFinding(size, maxBytes)]);
    text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  } else {
    if (input.length > maxBytes) return failed([tooLargeFinding(input.length, maxBytes)]);
    const decoded = decodeInput(input);
    if ('layer' in decoded) return failed([decoded]);
    text = decoded.text;
    utf8 = decoded.utf8;
  }
  const unsafe = checkXmlSafety(text);
  if (unsafe.length > 0) return failed(unsafe);
  utf8 ??= encoder.encode(text);
  if (!libxml2)
    throw new Error('libxml2-wasm 0.7.2 is required (its internal bindings are missing)');
  const api = libxml2;
  const pointer = parseWellFormed(api, utf8);
  if (pointer === 0) return failed([malformedFinding(utf8)]);
  const release = (): void => api.xmlFreeDoc(pointer);
  const nodes = pointers ? new Map<number, XElement | XAttribute>() : undefined;
  const document = readTree(pointer, nodes);
  if (!document?.root) {
    release();
    return failed([xmlFinding('XML-MALFORMED', 'The document has no root element')]);
  }
  const { root } = document;
  const findings: Finding[] = [];
  if (!isUblRoot(root.ns, root.local)) {
    findings.push(
      xmlFinding(
        'XML-ROOT',
        `The root element ${root.ns ? `{${root.ns}}` : ''}${root.local} is not a UBL 2.1 document this engine reads (${UBL_ROOTS.join(', ')}, each in its UBL 2.1 namespace)`,
        `/${root.prefix ? `${root.prefix}:` : ''}${root.local}`,
      ),
    );
  }
  return { document, findings, pointer, ...(nodes ? { nodes } : {}), release };
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
