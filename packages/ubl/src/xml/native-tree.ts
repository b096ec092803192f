import type { XAttribute, XChild, XDocument, XElement, XText } from '../tree/node.ts';
import type { NameIndexes } from '../xpath/compile.ts';
import { NO_ATTRIBUTES } from './tree-reader.ts';

/**
 * The tree of a document that @fiscus/libxml2-native hands back whole, encoded in one string
 * (its C file, encode_whole, says how), built exactly as tree-reader.ts builds it from
 * libxml2-wasm's memory: the same nodes with the same properties in the same order, numbered
 * in the same document order, the same lines, namespace declarations and shared NO_ATTRIBUTES.
 */

const OPEN = 1;
const CLOSE = 2;
const ATTRIBUTE = 3;
const LONG_NAME = 4;
const DECLARATION = 5;
const NAME = 6;
const SEPARATOR = 7;
const TEXT = 8;
/** The first code point that numbers a name, or gives 6 bits of a number. */
const BASE = 0x20;
/** Names numbered in one character. */
const SHORT_NAMES = 0xe0;
/** libxml2 keeps 65535 in its 16-bit line field for any later line. */
const LINE_UNKNOWN = 0xffff;

/** Indentation strings by length × 2 (+ 1 for tabs), shared by every document. */
const indentations: string[] = [];

/** An element's children while they are read: replaced before the element is returned. */
const NO_CHILDREN = Object.freeze([]) as unknown as XChild[];

/** Names met so far, each as V8's internalized string; emptied when it grows past the limit. */
const internedNames = new Map<string, string>();
const INTERNED_LIMIT = 10_000;

/**
 * `text` as V8's internalized string (one copy per process, compared by pointer, the rules
 * engine's comparisons with its constants are quicker), and not a cut of the document's
 * encoding, which it would keep alive.
 */
function interned(text: string): string {
  let name = internedNames.get(text);
  if (name === undefined) {
    name = Object.keys({ [text]: 0 })[0] ?? text;
    if (internedNames.size >= INTERNED_LIMIT) internedNames.clear();
    internedNames.set(name, name);
  }
  return name;
}

interface QName {
  ns: string;
  prefix: string;
  local: string;
}

interface Name extends QName {
  /** The list of the element index that elements of this name go to, once one has. */
  elements: XElement[] | undefined;
  /** The same for attributes. */
  attributes: XAttribute[] | undefined;
}

/**
 * The names of the last documents by number: documents of one kind number the same names alike,
 * and comparing a definition with the name last defined under its number is cheaper than
 * reading it and finding its interned strings.
 */
const knownNames: QName[] = [];
const KNOWN_LIMIT = 1024;

/** The encoding says what it holds in its own order: anything else is a broken string. */
class Malformed extends Error {}

class Decoder {
  /** After the form's digit. */
  private at = 1;
  private order = 1;
  private readonly names: Name[] = [];
  /** Children of the elements being read, innermost last (see element). */
  private readonly pending: XChild[] = [];
  private top = 0;
  /**
   * The rules engine's name indexes (see nameIndexes in compile.ts), filled as the nodes are met
   * in document order: the engine does not walk the tree again to build them.
   */
  readonly indexes: NameIndexes = { elements: new Map(), attributes: new Map() };

  constructor(private readonly encoded: string) {}

  private expect(code: number): void {
    if (this.encoded.charCodeAt(this.at) !== code) throw new Malformed();
    this.at += 1;
  }

  /** Up to the next mark of the encoding (a control character other than tab, LF and CR). */
  private run(): string {
    const encoded = this.encoded;
    const start = this.at;
    let end = start;
    for (;;) {
      const code = encoded.charCodeAt(end);
      // NaN past the end: the loop stops there.
      if (!(code >= BASE || code === 0x0a || code === 0x09 || code === 0x0d)) break;
      end += 1;
    }
    this.at = end;
    return encoded.slice(start, end);
  }

  /** A name: a number, or its definition where first used. */
  private name(): Name {
    const code = this.encoded.charCodeAt(this.at);
    if (code === NAME) {
      this.at += 1;
      const number = this.names.length;
      const known = knownNames[number];
      if (known !== undefined && this.defines(known)) {
        const name: Name = {
          ns: known.ns,
          prefix: known.prefix,
          local: known.local,
          elements: undefined,
          attributes: undefined,
        };
        this.names.push(name);
        return name;
      }
      const ns = this.run();
      this.expect(SEPARATOR);
      const prefix = this.run();
      this.expect(SEPARATOR);
      const local = this.run();
      this.expect(SEPARATOR);
      const name: Name = {
        ns: interned(ns),
        prefix: interned(prefix),
        local: interned(local),
        elements: undefined,
        attributes: undefined,
      };
      this.names.push(name);
      // Not the Name itself, whose lists would keep this document alive.
      if (number < KNOWN_LIMIT)
        knownNames[number] = { ns: name.ns, prefix: name.prefix, local: name.local };
      return name;
    }
    let number = code - BASE;
    this.at += 1;
    if (code === LONG_NAME) number = SHORT_NAMES + this.sixes();
    const name = this.names[number];
    if (name === undefined) throw new Malformed();
    return name;
  }

  /** Whether the definition at `at` is of `name` (then past it). */
  private defines(name: QName): boolean {
    const encoded = this.encoded;
    let at = this.at;
    if (!encoded.startsWith(name.ns, at)) return false;
    at += name.ns.length;
    if (encoded.charCodeAt(at) !== SEPARATOR || !encoded.startsWith(name.prefix, at + 1)) {
      return false;
    }
    at += 1 + name.prefix.length;
    if (encoded.charCodeAt(at) !== SEPARATOR || !encoded.startsWith(name.local, at + 1)) {
      return false;
    }
    at += 1 + name.local.length;
    if (encoded.charCodeAt(at) !== SEPARATOR) return false;
    this.at = at + 1;
    return true;
  }

  /** A number in three characters of 6 bits. */
  private sixes(): number {
    const encoded = this.encoded;
    const at = this.at;
    const high = encoded.charCodeAt(at) - BASE;
    const middle = encoded.charCodeAt(at + 1) - BASE;
    const low = encoded.charCodeAt(at + 2) - BASE;
    if (!(high >= 0 && high < 64 && middle >= 0 && middle < 64 && low >= 0 && low < 64)) {
      throw new Malformed();
    }
    this.at = at + 3;
    return (high << 12) | (middle << 6) | low;
  }

  /**
   * A text: up to the next mark. Indentation (a line feed, then spaces or tabs) is most text
   * nodes: one shared string for each, as tree-reader.ts does.
   */
  private text(): string {
    const encoded = this.encoded;
    const start = this.at;
    if (encoded.charCodeAt(start) === 0x0a) {
      const first = encoded.charCodeAt(start + 1);
      if (first === 0x20 || first === 0x09) {
        let end = start + 2;
        while (encoded.charCodeAt(end) === first) end += 1;
        const next = encoded.charCodeAt(end);
        if (next < BASE && next !== 0x0a && next !== 0x09 && next !== 0x0d) {
          this.at = end;
          const key = (end - start) * 2 + (first === 0x09 ? 1 : 0);
          let indentation = indentations[key];
          if (indentation === undefined) {
            // Not cut from this document's string, which it would keep alive.
            indentation = `\n${String.fromCharCode(first).repeat(end - start - 1)}`;
            indentations[key] = indentation;
          }
          return indentation;
        }
      }
    }
    return this.run();
  }

  /** An element after its \x01: as tree-reader's Reader.element reads it. */
  element(parent: XElement | XDocument): XElement {
    const order = this.order++;
    const name = this.name();
    const { ns, prefix, local } = name;
    const line = this.sixes();
    const encoded = this.encoded;
    let nsDecls: Array<readonly [string, string]> | undefined;
    while (encoded.charCodeAt(this.at) === DECLARATION) {
      this.at += 1;
      const declared = this.run();
      this.expect(SEPARATOR);
      (nsDecls ??= []).push([declared, this.run()]);
    }
    // Every element gets the same properties in the same order: one shape for the engine.
    const element: XElement = {
      kind: 'element',
      order,
      ns,
      local,
      prefix,
      attrs: NO_ATTRIBUTES,
      children: NO_CHILDREN,
      parent,
      line: line !== 0 && line !== LINE_UNKNOWN ? line : undefined,
      nsDecls,
    };
    (name.elements ?? this.elementList(name)).push(element);
    if (encoded.charCodeAt(this.at) === ATTRIBUTE) element.attrs = this.attributes(element);
    // Most elements hold one text or a few children: each array is built at its exact size
    // (an array grown by push has room for 17).
    let code = encoded.charCodeAt(this.at);
    this.at += 1;
    if (code === CLOSE) {
      element.children = [];
      return element;
    }
    let first: XChild | undefined;
    if (code === TEXT) {
      first = { kind: 'text', order: this.order++, value: this.text(), parent: element };
      code = encoded.charCodeAt(this.at);
      this.at += 1;
      if (code === CLOSE) {
        element.children = [first];
        return element;
      }
    }
    const pending = this.pending;
    const base = this.top;
    let top = base;
    if (first !== undefined) pending[top++] = first;
    for (;;) {
      if (code === OPEN) {
        // The child's children go above this element's.
        this.top = top;
        const child = this.element(element);
        pending[top++] = child;
      } else if (code === TEXT) {
        const text: XText = {
          kind: 'text',
          order: this.order++,
          value: this.text(),
          parent: element,
        };
        pending[top++] = text;
      } else if (code === CLOSE) {
        element.children = pending.slice(base, top);
        this.top = base;
        return element;
      } else {
        throw new Malformed();
      }
      code = encoded.charCodeAt(this.at);
      this.at += 1;
    }
  }

  /** The element index's list for elements of `name` (local name, then namespace). */
  private elementList(name: Name): XElement[] {
    const index = this.indexes.elements;
    let byNs = index.get(name.local);
    if (byNs === undefined) {
      byNs = new Map();
      index.set(name.local, byNs);
    }
    let list = byNs.get(name.ns);
    if (list === undefined) {
      list = [];
      byNs.set(name.ns, list);
    }
    name.elements = list;
    return list;
  }

  /** The attribute index's list for attributes of `name`: by local name, or '{ns}local'. */
  private attributeList(name: Name): XAttribute[] {
    const index = this.indexes.attributes;
    const key = name.ns === '' ? name.local : `{${name.ns}}${name.local}`;
    let list = index.get(key);
    if (list === undefined) {
      list = [];
      index.set(key, list);
    }
    name.attributes = list;
    return list;
  }

  /** The attributes of `element`, at the first \x03. */
  private attributes(element: XElement): XAttribute[] {
    const encoded = this.encoded;
    let attributes: XAttribute[] | undefined;
    while (encoded.charCodeAt(this.at) === ATTRIBUTE) {
      this.at += 1;
      const name = this.name();
      const attribute: XAttribute = {
        kind: 'attribute',
        order: this.order++,
        ns: name.ns,
        local: name.local,
        prefix: name.prefix,
        value: this.run(),
        parent: element,
      };
      (name.attributes ?? this.attributeList(name)).push(attribute);
      // Most elements with attributes have one: an array of one.
      if (attributes === undefined) attributes = [attribute];
      else attributes.push(attribute);
    }
    return attributes ?? [];
  }

  document(): XDocument {
    const tree: XDocument = { kind: 'document', order: 0, root: undefined, children: [] };
    this.expect(OPEN);
    tree.root = this.element(tree);
    tree.children = [tree.root];
    if (this.at !== this.encoded.length) throw new Malformed();
    return tree;
  }
}

/** A decoded tree and the rules engine's name indexes of it. */
export interface NativeTree {
  document: XDocument;
  indexes: NameIndexes;
}

/**
 * The tree of the encoded document (after the form's digit) and its name indexes, built on the
 * way (for nameIndexes in compile.ts); undefined when the encoding is malformed.
 */
export function decodeNativeTree(encoded: string): NativeTree | undefined {
  try {
    const decoder = new Decoder(encoded);
    return { document: decoder.document(), indexes: decoder.indexes };
  } catch (error) {
    if (error instanceof Malformed) return undefined;
    throw error;
  }
}
