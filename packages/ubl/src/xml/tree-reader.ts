import { libxml2Memory } from '@fiscus/fatturapa/xml-hardening';
import type { XAttribute, XChild, XDocument, XElement, XText } from '../tree/node.ts';

/**
 * Reads the document libxml2 has just parsed into the one tree of every later layer
 * (src/tree/node.ts), straight from libxml2's memory (one pass, no call per node): elements with
 * their namespace, prefix, attributes in file order and namespace declarations, text (CDATA
 * merged with its neighbouring text, whitespace kept), the start tag's line; comments and
 * processing instructions are dropped. Nodes are numbered in document order on the way.
 */

// Offsets in libxml2's structs (wasm32), as libxml2-wasm's own accessors use them.
const TYPE = 4 >> 2;
const NAME = 8 >> 2;
const CHILDREN = 12 >> 2;
const NEXT = 24 >> 2;
const NS = 36 >> 2;
const CONTENT = 40 >> 2;
const PROPERTIES = 44 >> 2;
const NS_DEF = 48 >> 2;
const LINE = 56 >> 2;
const NS_NEXT = 0;
const NS_HREF = 8 >> 2;
const NS_PREFIX = 12 >> 2;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/** libxml2 keeps 65535 in its 16-bit line field for any later line. */
const LINE_UNKNOWN = 0xffff;

/**
 * The attributes of every element that has none: one frozen array instead of an empty one per
 * element (a large document has hundreds of thousands); pushing onto it throws.
 */
export const NO_ATTRIBUTES = Object.freeze([]) as unknown as XAttribute[];

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
/** Indentation strings by length × 2 (+ 1 for tabs), shared by every document. */
const indentations: string[] = [];
/** Short ASCII strings are built directly: cheaper than a TextDecoder call. */
const SHORT_STRING = 48;

class Reader {
  private readonly words: Int32Array;
  private readonly bytes: Uint8Array;
  /** Names and namespace strings by pointer: libxml2 interns names in a dictionary. */
  private readonly names = new Map<number, string>();
  private order = 1;

  constructor(
    memory: { words: Int32Array; bytes: Uint8Array },
    private readonly pointers: NodePointers | undefined,
  ) {
    this.words = memory.words;
    this.bytes = memory.bytes;
  }

  private wants(pointer: number): boolean {
    const wanted = this.pointers?.wanted;
    return wanted === 'all' || wanted?.has(pointer) === true;
  }

  /** The NUL-terminated UTF-8 string at `pointer`. */
  string(pointer: number): string {
    if (pointer === 0) return '';
    const bytes = this.bytes;
    const end = bytes.indexOf(0, pointer);
    const length = end - pointer;
    if (length <= 0) return '';
    if (length <= SHORT_STRING) {
      // Indentation (a line feed, then spaces or tabs) is most text nodes: one string each.
      const first = bytes[pointer + 1];
      if (bytes[pointer] === 0x0a && (length === 1 || first === 0x20 || first === 0x09)) {
        let index = pointer + 1;
        while (index < end && bytes[index] === first) index += 1;
        if (index === end) {
          const key = length * 2 + (first === 0x09 ? 1 : 0);
          let indentation = indentations[key];
          if (indentation === undefined) {
            indentation = `\n${String.fromCharCode(first ?? 0x20).repeat(length - 1)}`;
            indentations[key] = indentation;
          }
          return indentation;
        }
      }
      let text = '';
      for (let index = pointer; index < end; index += 1) {
        const code = bytes[index]!;
        if (code >= 0x80) return decoder.decode(bytes.subarray(pointer, end));
        text += String.fromCharCode(code);
      }
      return text;
    }
    return decoder.decode(bytes.subarray(pointer, end));
  }

  private name(pointer: number): string {
    let name = this.names.get(pointer);
    if (name === undefined) {
      name = this.string(pointer);
      this.names.set(pointer, name);
    }
    return name;
  }

  /** The namespace URI and prefix of the xmlNs at `pointer` (0: no namespace). */
  private namespace(pointer: number): [uri: string, prefix: string] {
    if (pointer === 0) return ['', ''];
    const at = pointer >> 2;
    return [this.name(this.words[at + NS_HREF]!), this.name(this.words[at + NS_PREFIX]!)];
  }

  element(node: number, parent: XElement | XDocument): XElement {
    const words = this.words;
    const at = node >> 2;
    const [ns, prefix] = this.namespace(words[at + NS]!);
    const line = words[at + LINE]! & 0xffff;
    // Every element gets the same properties in the same order: one shape for the engine.
    const element: XElement = {
      kind: 'element',
      order: this.order++,
      ns,
      local: this.name(words[at + NAME]!),
      prefix,
      attrs: words[at + PROPERTIES] === 0 ? NO_ATTRIBUTES : [],
      children: [],
      parent,
      line: line !== 0 && line !== LINE_UNKNOWN ? line : undefined,
      nsDecls: undefined,
    };
    if (this.pointers && this.wants(node)) this.pointers.found.set(node, element);
    let declaration = words[at + NS_DEF]!;
    if (declaration !== 0) {
      const declarations: Array<readonly [string, string]> = [];
      for (; declaration !== 0; declaration = words[(declaration >> 2) + NS_NEXT]!) {
        const [uri, declared] = this.namespace(declaration);
        declarations.push([declared, uri]);
      }
      element.nsDecls = declarations;
    }
    for (let attribute = words[at + PROPERTIES]!; attribute !== 0;) {
      const attributeAt = attribute >> 2;
      const [attributeNs, attributePrefix] = this.namespace(words[attributeAt + NS]!);
      const value: XAttribute = {
        kind: 'attribute',
        order: this.order++,
        ns: attributeNs,
        local: this.name(words[attributeAt + NAME]!),
        prefix: attributePrefix,
        value: this.textOf(words[attributeAt + CHILDREN]!),
        parent: element,
      };
      element.attrs.push(value);
      if (this.pointers && this.wants(attribute)) this.pointers.found.set(attribute, value);
      attribute = words[attributeAt + NEXT]!;
    }
    const children: XChild[] = element.children;
    let text: XText | undefined;
    for (let child = words[at + CHILDREN]!; child !== 0; child = words[(child >> 2) + NEXT]!) {
      const type = words[(child >> 2) + TYPE];
      if (type === ELEMENT_NODE) {
        text = undefined;
        children.push(this.element(child, element));
      } else if (type === TEXT_NODE || type === CDATA_SECTION_NODE) {
        const value = this.string(words[(child >> 2) + CONTENT]!);
        if (text) text.value += value;
        else {
          text = { kind: 'text', order: this.order++, value, parent: element };
          children.push(text);
        }
      } else {
        // A comment or processing instruction: dropped; text on either side stays apart, as
        // the two text nodes of the XPath data model.
        text = undefined;
      }
    }
    return element;
  }

  /** The text of an attribute's children (its value). */
  private textOf(child: number): string {
    let value = '';
    for (; child !== 0; child = this.words[(child >> 2) + NEXT]!) {
      value += this.string(this.words[(child >> 2) + CONTENT]!);
    }
    return value;
  }

  /** The namespace URI and local name of the element at `node`. */
  expandedName(node: number): [ns: string, local: string] {
    const at = node >> 2;
    return [this.namespace(this.words[at + NS]!)[0], this.name(this.words[at + NAME]!)];
  }

  rootElement(document: number): number {
    const words = this.words;
    for (let node = words[(document >> 2) + CHILDREN]!; node !== 0;) {
      if (words[(node >> 2) + TYPE] === ELEMENT_NODE) return node;
      node = words[(node >> 2) + NEXT]!;
    }
    return 0;
  }
}

/** libxml2 node pointers whose tree nodes are wanted (the nodes of XSD errors), and found. */
export interface NodePointers {
  wanted: ReadonlySet<number> | 'all';
  found: Map<number, XElement | XAttribute>;
}

/** The namespace URI and local name of the root element of the libxml2 document. */
export function rootOf(document: number): [ns: string, local: string] | undefined {
  const memory = libxml2Memory();
  if (!memory || document === 0) return undefined;
  const reader = new Reader(memory, undefined);
  const root = reader.rootElement(document);
  return root === 0 ? undefined : reader.expandedName(root);
}

/**
 * The tree of the libxml2 document at `document` (a pointer), numbered in document order.
 * `pointers`, when given, receives the tree nodes of the libxml2 nodes it wants (XSD errors).
 * Reads libxml2's memory as it is: nothing may change the document meanwhile.
 */
export function readTree(document: number, pointers?: NodePointers): XDocument | undefined {
  const memory = libxml2Memory();
  if (!memory || document === 0) return undefined;
  const reader = new Reader(memory, pointers);
  const root = reader.rootElement(document);
  const tree: XDocument = { kind: 'document', order: 0, root: undefined, children: [] };
  if (root === 0) return tree;
  tree.root = reader.element(root, tree);
  tree.children = [tree.root];
  return tree;
}
