import { libxml2Memory } from '@fiscus/fatturapa/libxml2-bindings';
import { childrenOf, type ChildDescriptor, type KsefForm } from './descriptor.ts';
import { VALUE_KEY, type KsefElement, type KsefJson, type KsefNode } from './ksef-json.ts';

/**
 * The JSON of a parsed invoice read straight from libxml2's nodes in the wasm memory (the
 * conversion of xml-to-json.ts without a JavaScript wrapper per node, several times faster);
 * the same result, checked on every sample by the tests.
 */

// Offsets in libxml2's xmlNode / xmlAttr / xmlNs (wasm32), those libxml2-wasm's accessors use.
const TYPE = 4 >> 2;
const NAME = 8 >> 2;
const CHILDREN = 12 >> 2;
const NEXT = 24 >> 2;
const NS = 36 >> 2;
const CONTENT = 40 >> 2;
const PROPERTIES = 44 >> 2;
const NS_DEF = 48 >> 2;
const NS_NEXT = 0;
const NS_HREF = 8 >> 2;
const NS_PREFIX = 12 >> 2;
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
/** Up to this many bytes, ASCII text is made a string directly (cheaper than a decoder call). */
const SHORT_TEXT = 64;

/**
 * What to read of an element: the children named (with what to read of each), `true` for the
 * whole element. Without a view, everything is read.
 */
export type TreeView = ReadonlyMap<string, TreeView | true>;

class TreeReader {
  /** Names are interned by libxml2's dictionary: one decoding per name and document. */
  private readonly names = new Map<number, string>();

  constructor(
    private readonly words: Int32Array,
    private readonly bytes: Uint8Array,
    private readonly form: KsefForm,
  ) {}

  private word(pointer: number, field: number): number {
    return this.words[(pointer >> 2) + field] ?? 0;
  }

  /** The NUL-terminated UTF-8 string at `pointer` (short ASCII ones without a decoder call). */
  text(pointer: number): string {
    if (pointer === 0) return '';
    const bytes = this.bytes;
    let end = pointer;
    let high = 0;
    for (let byte = bytes[end] ?? 0; byte !== 0; byte = bytes[end] ?? 0) {
      high |= byte;
      end += 1;
    }
    if (end === pointer) return '';
    if (high < 0x80 && end - pointer <= SHORT_TEXT) {
      let text = '';
      for (let index = pointer; index < end; index += 1) {
        text += String.fromCharCode(bytes[index] ?? 0);
      }
      return text;
    }
    return decoder.decode(bytes.subarray(pointer, end));
  }

  name(pointer: number): string {
    const at = this.word(pointer, NAME);
    let name = this.names.get(at);
    if (name === undefined) {
      name = this.text(at);
      this.names.set(at, name);
    }
    return name;
  }

  /** The text of the descendants of `node` (text and CDATA), as xmlNodeGetContent gives it. */
  content(node: number): string {
    let text = '';
    for (let child = this.word(node, CHILDREN); child !== 0; child = this.word(child, NEXT)) {
      const type = this.word(child, TYPE);
      if (type === TEXT_NODE || type === CDATA_SECTION_NODE) {
        text += this.text(this.word(child, CONTENT));
      } else if (type === ELEMENT_NODE) {
        text += this.content(child);
      }
    }
    return text;
  }

  /** The prefix of the namespace at `ns` ('' for none or the default). */
  prefix(ns: number): string {
    return ns === 0 ? '' : this.text(this.word(ns, NS_PREFIX));
  }

  /** Its unprefixed attributes into `into`; whether there was one. */
  attributes(node: number, into: KsefElement): boolean {
    let any = false;
    for (let attr = this.word(node, PROPERTIES); attr !== 0; attr = this.word(attr, NEXT)) {
      if (this.prefix(this.word(attr, NS))) continue;
      into[this.name(attr)] = this.content(attr);
      any = true;
    }
    return any;
  }

  element(node: number, descriptor?: ChildDescriptor, view?: TreeView): KsefNode {
    let first = this.word(node, CHILDREN);
    while (first !== 0 && this.word(first, TYPE) !== ELEMENT_NODE) first = this.word(first, NEXT);
    if (!descriptor?.type && first === 0) {
      const holder: KsefElement = {};
      if (!this.attributes(node, holder)) return this.content(node);
      holder[VALUE_KEY] = this.content(node);
      return holder;
    }
    const object: KsefElement = {};
    this.attributes(node, object);
    const known = descriptor?.type ? childrenOf(this.form, descriptor.type) : undefined;
    for (let child = first; child !== 0; child = this.word(child, NEXT)) {
      if (this.word(child, TYPE) !== ELEMENT_NODE) continue;
      const name = this.name(child);
      const childView = view?.get(name);
      if (view && childView === undefined) continue;
      const childDescriptor = known?.get(name);
      const value = this.element(
        child,
        childDescriptor,
        childView === true ? undefined : childView,
      );
      const existing = object[name];
      if (childDescriptor?.many) {
        if (Array.isArray(existing)) existing.push(value);
        else object[name] = [value];
      } else if (existing === undefined) {
        object[name] = value;
      } else if (Array.isArray(existing)) {
        existing.push(value);
      } else {
        object[name] = [existing, value];
      }
    }
    return object;
  }

  root(node: number, view?: TreeView): KsefJson {
    const name = this.name(node);
    const faktura = this.element(node, { name, type: name }, view) as KsefElement;
    // A view reads elements only: none of the root's `$` keys.
    if (view) return { Faktura: faktura };
    const head: KsefElement = {};
    const namespaces: KsefElement = {};
    let declared = false;
    for (let ns = this.word(node, NS_DEF); ns !== 0; ns = this.word(ns, NS_NEXT)) {
      namespaces[this.prefix(ns)] = this.text(this.word(ns, NS_HREF));
      declared = true;
    }
    if (declared) head.$xmlns = namespaces;
    const prefix = this.prefix(this.word(node, NS));
    if (prefix) head.$prefix = prefix;
    const foreign: KsefElement = {};
    for (let attr = this.word(node, PROPERTIES); attr !== 0; attr = this.word(attr, NEXT)) {
      const attributePrefix = this.prefix(this.word(attr, NS));
      if (attributePrefix) foreign[`${attributePrefix}:${this.name(attr)}`] = this.content(attr);
    }
    if (Object.keys(foreign).length > 0) head.$attributes = foreign;
    return { Faktura: { ...head, ...faktura } };
  }
}

/** libxml2's pointer behind a libxml2-wasm node (0 when it has none; internal, pinned 0.7.x). */
export function nodePointer(node: object): number {
  return (node as { _nodePtr?: number })._nodePtr ?? 0;
}

/**
 * The JSON of the invoice whose root element is at `root` (a pointer into libxml2's memory), or
 * undefined when libxml2's memory cannot be read (the caller then walks the tree through
 * libxml2-wasm's API).
 */
export function readLibxml2Tree(
  root: number,
  form: KsefForm,
  view?: TreeView,
): KsefJson | undefined {
  const memory = libxml2Memory();
  if (!memory || root === 0) return undefined;
  return new TreeReader(memory.words, memory.bytes, form).root(root, view);
}

/**
 * The root element of the libxml2 document at `document` (its first element child), with its
 * name and namespace: undefined when libxml2's memory cannot be read or there is none.
 */
export function libxml2Root(
  document: number,
): { root: number; name: string; namespace: string } | undefined {
  const memory = libxml2Memory();
  if (!memory || document === 0) return undefined;
  const { words } = memory;
  const word = (pointer: number, field: number): number => words[(pointer >> 2) + field] ?? 0;
  let root = word(document, CHILDREN);
  while (root !== 0 && word(root, TYPE) !== ELEMENT_NODE) root = word(root, NEXT);
  if (root === 0) return undefined;
  const reader = new TreeReader(memory.words, memory.bytes, 'FA(3)');
  const ns = word(root, NS);
  return {
    root,
    name: reader.name(root),
    namespace: ns === 0 ? '' : reader.text(word(ns, NS_HREF)),
  };
}
