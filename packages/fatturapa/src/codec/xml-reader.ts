import type { ChildDescriptor, TypeDescriptors } from './descriptor.ts';
import { toSnakeCase } from '../model/snake-case.ts';

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

const NAME_START = 'A-Za-z_\\u00C0-\\uFFFF';
const NAME_CHAR = `${NAME_START}0-9.\\-\\u00B7`;
const startTag = new RegExp(
  `<([${NAME_START}][${NAME_CHAR}]*(?::[${NAME_START}][${NAME_CHAR}]*)?)((?:\\s+[${NAME_START}][${NAME_CHAR}:]*\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`,
  'y',
);
const endTag = new RegExp(
  `</([${NAME_START}][${NAME_CHAR}]*(?::[${NAME_START}][${NAME_CHAR}]*)?)\\s*>`,
  'y',
);
const attributePattern = new RegExp(
  `([${NAME_START}][${NAME_CHAR}:]*)\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`,
  'g',
);
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

function decodeText(xml: string, raw: string, offset: number): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(
    entityPattern,
    (match, hex: string, decimal: string, named: string, at: number) => {
      if (named) return PREDEFINED[named] ?? match;
      if (hex || decimal) {
        const codePoint = hex ? Number.parseInt(hex, 16) : Number.parseInt(decimal, 10);
        if (codePoint > 0 && codePoint <= 0x10ffff) return String.fromCodePoint(codePoint);
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

function readAttributes(xml: string, raw: string, offset: number): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (!raw) return attributes;
  for (const match of raw.matchAll(attributePattern)) {
    const name = match[1] ?? '';
    if (name in attributes) fail(xml, offset, `Attribute ${name} is repeated`);
    attributes[name] = decodeText(xml, match[2] ?? match[3] ?? '', offset);
  }
  return attributes;
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
        endTag.lastIndex = lt;
        const match = endTag.exec(xml);
        if (!match) fail(xml, lt, 'Malformed end tag');
        fail(
          xml,
          lt,
          `End tag </${match[1] ?? ''}> does not match <${frame?.qualifiedName ?? ''}>`,
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
      let match: RegExpExecArray | null = null;
      let tagEnd: number;
      if (
        nameEnd > lt + 1 &&
        isNameStart(xml.charCodeAt(lt + 1)) &&
        xml.charCodeAt(selfClosing ? close + 1 : close) === 0x3e /* > */
      ) {
        tagEnd = (selfClosing ? close + 1 : close) + 1;
      } else {
        startTag.lastIndex = lt;
        match = startTag.exec(xml);
        if (!match) fail(xml, lt, 'Malformed start tag');
        tagEnd = startTag.lastIndex;
      }
      const qualifiedName = match ? (match[1] ?? '') : xml.slice(lt + 1, nameEnd);
      const localName = localNameOf(qualifiedName);
      const parent = stack[stack.length - 1];
      let descriptor: ChildDescriptor | undefined;
      let children: Map<string, ChildDescriptor> | undefined;
      if (!parent) {
        if (root !== undefined) fail(xml, lt, 'More than one root element');
        rootLocalName = localName;
        rootAttributes = readAttributes(xml, match?.[2] ?? '', lt);
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
      if (match ? match[3] === '/' : selfClosing) {
        if (parent) attach(parent, frame, finish(frame));
        else root = {};
      } else {
        stack.push(frame);
      }
    }
  }
  if (stack.length > 0)
    fail(xml, length, `Element <${stack[stack.length - 1]?.qualifiedName ?? ''}> is not closed`);
  if (root === undefined) fail(xml, 0, 'No root element');
  return { rootLocalName, rootAttributes, root };
}
