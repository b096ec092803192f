import type { ChildDescriptor, TypeDescriptors } from './descriptor.ts';
import { toSnakeCase } from '../model/snake-case.ts';
import { MAX_XML_DEPTH } from './xml-markup-limits.ts';
import { qualifiedNameEnd, readStartTag, type StartTag } from './xml-tag.ts';

/**
 * A small, strict, single-pass XML reader that builds the JSON model directly while checking
 * well-formedness (balanced tags, one root, quoted attributes, known entities). FatturaPA needs
 * no DTD, mixed content or namespaces beyond prefixes, so this is all it has to handle, and it
 * is several times faster than a generic parser plus a conversion pass.
 * Callers run `checkXmlSafety` first (no DOCTYPE, no control characters).
 */

export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = 'XmlSyntaxError';
  }
}

interface Frame {
  /** Qualified name as written, to match the end tag. */
  qualifiedName: string;
  localName: string;
  descriptor: ChildDescriptor | undefined;
  /** Children of the complex type, by XML name; undefined for leaves and unknown elements. */
  children: Map<string, ChildDescriptor> | undefined;
  object: Record<string, unknown> | undefined;
  text: string;
  hasElements: boolean;
}

export interface ReadDocument {
  rootLocalName: string;
  rootAttributes: Record<string, string>;
  /** The root element converted with the descriptors. */
  root: Record<string, unknown>;
}

const entityPattern = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(amp|lt|gt|quot|apos));|&/g;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const indexCache = new WeakMap<readonly ChildDescriptor[], Map<string, ChildDescriptor>>();

function childIndex(
  children: readonly ChildDescriptor[] | undefined,
): Map<string, ChildDescriptor> | undefined {
  if (!children) return undefined;
  let index = indexCache.get(children);
  if (!index) {
    index = new Map(children.map((child) => [child.name, child]));
    indexCache.set(children, index);
  }
  return index;
}

function position(xml: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (
    let index = xml.indexOf('\n');
    index !== -1 && index < offset;
    index = xml.indexOf('\n', index + 1)
  ) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

function fail(xml: string, offset: number, message: string): never {
  const { line, column } = position(xml, offset);
  throw new XmlSyntaxError(message, line, column);
}

/**
 * XML 1.0's Char production: what a character reference may name. Surrogates (`&#xD800;`), NUL
 * and the other control characters are no characters: libxml2 refuses them, and so do we.
 */
export function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x09 ||
    codePoint === 0x0a ||
    codePoint === 0x0d ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

function decodeText(xml: string, raw: string, offset: number): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(
    entityPattern,
    (match, hex: string, decimal: string, named: string, at: number) => {
      if (named) return PREDEFINED[named] ?? match;
      if (hex || decimal) {
        const codePoint = hex ? Number.parseInt(hex, 16) : Number.parseInt(decimal, 10);
        if (isXmlChar(codePoint)) return String.fromCodePoint(codePoint);
      }
      return fail(
        xml,
        offset + at,
        'Invalid character or entity reference ("&" must be escaped as &amp;)',
      );
    },
  );
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

function skipBlanks(xml: string, start: number): number {
  let index = start;
  while (index < xml.length && isBlank(xml.charCodeAt(index))) index += 1;
  return index;
}

function isNameStart(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f ||
    code >= 0xc0
  );
}

/** Name characters, the prefix colon included (checked for shape by the slow path only). */
function isNameChar(code: number): boolean {
  return (
    isNameStart(code) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x3a ||
    code === 0xb7
  );
}

function localNameOf(qualifiedName: string): string {
  const colon = qualifiedName.indexOf(':');
  return colon === -1 ? qualifiedName : qualifiedName.slice(colon + 1);
}

function readAttributes(
  xml: string,
  attributes: readonly [string, string][],
  offset: number,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, raw] of attributes) {
    if (name in values) fail(xml, offset, `Attribute ${name} is repeated`);
    values[name] = decodeText(xml, raw, offset);
  }
  return values;
}

/** Adds a finished child to its parent: arrays for repeatable elements and repeats. */
function attach(parent: Frame, frame: Frame, value: unknown): void {
  parent.hasElements = true;
  const target = parent.object ?? (parent.object = {});
  const key = frame.descriptor?.key ?? toSnakeCase(frame.localName);
  const existing = target[key];
  if (existing === undefined) target[key] = frame.descriptor?.many ? [value] : value;
  // Values of single elements are strings or objects, never arrays: an array here means the
  // element repeats (always for maxOccurs > 1; in invalid files also for single ones).
  else if (Array.isArray(existing)) existing.push(value);
  else target[key] = [existing, value];
}

function finish(frame: Frame): unknown {
  if (frame.descriptor?.complex) return frame.object ?? {};
  if (frame.descriptor) return frame.text;
  // Unknown element: its shape as found.
  return frame.hasElements ? (frame.object ?? {}) : frame.text;
}

/**
 * Reads the XML into the JSON model of `rootType` in `types`. Throws `XmlSyntaxError` (with
 * line and column) when the text is not well-formed XML.
 */
export function readXml(xml: string, types: TypeDescriptors, rootType: string): ReadDocument {
  const stack: Frame[] = [];
  let rootLocalName = '';
  let rootAttributes: Record<string, string> = {};
  let root: Record<string, unknown> | undefined;
  let pos = 0;
  const length = xml.length;
  while (pos < length) {
    const lt = xml.indexOf('<', pos);
    const textEnd = lt === -1 ? length : lt;
    if (textEnd > pos) {
      const top = stack[stack.length - 1];
      // Text inside complex elements is only indentation: not even sliced out.
      if (top) {
        if (!top.descriptor?.complex) top.text += decodeText(xml, xml.slice(pos, textEnd), pos);
      } else if (xml.slice(pos, textEnd).trim() !== '') {
        fail(xml, pos, 'Text outside the root element');
      }
    }
    if (lt === -1) break;
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x2f /* / */) {
      const frame = stack.pop();
      // Fast path: the expected name, optional blanks, '>'.
      let end = lt + 2 + (frame?.qualifiedName.length ?? 0);
      while (end < length && isBlank(xml.charCodeAt(end))) end += 1;
      if (
        !frame ||
        !xml.startsWith(frame.qualifiedName, lt + 2) ||
        xml.charCodeAt(end) !== 0x3e /* > */
      ) {
        const nameStop = qualifiedNameEnd(xml, lt + 2);
        const close = nameStop === -1 ? -1 : skipBlanks(xml, nameStop);
        if (close === -1 || xml.charCodeAt(close) !== 0x3e /* > */) {
          fail(xml, lt, 'Malformed end tag');
        }
        fail(
          xml,
          lt,
          `End tag </${xml.slice(lt + 2, nameStop)}> does not match <${frame?.qualifiedName ?? ''}>`,
        );
      }
      const parent = stack[stack.length - 1];
      if (parent) attach(parent, frame, finish(frame));
      else root = frame.object ?? {};
      pos = end + 1;
    } else if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const end = xml.indexOf('-->', lt + 4);
        if (end === -1) fail(xml, lt, 'Unterminated comment');
        pos = end + 3;
      } else if (xml.startsWith('<![CDATA[', lt)) {
        const end = xml.indexOf(']]>', lt + 9);
        if (end === -1) fail(xml, lt, 'Unterminated CDATA section');
        const top = stack[stack.length - 1];
        if (!top) fail(xml, lt, 'CDATA outside the root element');
        if (!top.descriptor?.complex) top.text += xml.slice(lt + 9, end);
        pos = end + 3;
      } else {
        // DOCTYPE is refused earlier (checkXmlSafety); anything else here is not XML.
        fail(xml, lt, 'Markup declarations are not allowed');
      }
    } else if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', lt + 2);
      if (end === -1) fail(xml, lt, 'Unterminated processing instruction');
      pos = end + 2;
    } else {
      // Fast path for the usual tag without attributes: `<Name>` or `<Name/>`.
      let nameEnd = lt + 1;
      while (nameEnd < length && isNameChar(xml.charCodeAt(nameEnd))) nameEnd += 1;
      let close = nameEnd;
      while (close < length && isBlank(xml.charCodeAt(close))) close += 1;
      const selfClosing = xml.charCodeAt(close) === 0x2f; /* / */
      let tag: StartTag | undefined;
      let tagEnd: number;
      if (
        nameEnd > lt + 1 &&
        isNameStart(xml.charCodeAt(lt + 1)) &&
        xml.charCodeAt(selfClosing ? close + 1 : close) === 0x3e /* > */
      ) {
        tagEnd = (selfClosing ? close + 1 : close) + 1;
      } else {
        tag = readStartTag(xml, lt);
        if (!tag) fail(xml, lt, 'Malformed start tag');
        tagEnd = tag.end;
      }
      const qualifiedName = tag ? tag.qualifiedName : xml.slice(lt + 1, nameEnd);
      const localName = localNameOf(qualifiedName);
      const parent = stack[stack.length - 1];
      let descriptor: ChildDescriptor | undefined;
      let children: Map<string, ChildDescriptor> | undefined;
      if (!parent) {
        if (root !== undefined) fail(xml, lt, 'More than one root element');
        rootLocalName = localName;
        rootAttributes = readAttributes(xml, tag?.attributes ?? [], lt);
        children = childIndex(types[rootType]);
        descriptor = { name: localName, key: '', many: false, optional: false, complex: rootType };
      } else {
        descriptor = parent.children?.get(localName);
        children = descriptor?.complex ? childIndex(types[descriptor.complex]) : undefined;
      }
      const frame: Frame = {
        qualifiedName,
        localName,
        descriptor,
        children,
        object: undefined,
        text: '',
        hasElements: false,
      };
      pos = tagEnd;
      if (tag ? tag.selfClosing : selfClosing) {
        if (parent) attach(parent, frame, finish(frame));
        else root = {};
      } else {
        // checkXmlSafety refuses deeper files first; kept here for callers that skip it.
        if (stack.length >= MAX_XML_DEPTH) fail(xml, lt, 'Elements nested too deep');
        stack.push(frame);
      }
    }
  }
  if (stack.length > 0)
    fail(xml, length, `Element <${stack[stack.length - 1]?.qualifiedName ?? ''}> is not closed`);
  if (root === undefined) fail(xml, 0, 'No root element');
  return { rootLocalName, rootAttributes, root };
}
