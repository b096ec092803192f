import { libxml2Memory, type Libxml2Memory } from '../schema/libxml2-bindings.ts';
import type { ChildDescriptor, TypeDescriptors } from './descriptor.ts';
import { toSnakeCase } from '../model/snake-case.ts';

/**
 * Builds the JSON model from the document libxml2 has just parsed and validated, instead of
 * parsing the text a second time with `readXml`: the same conversion (descriptors, arrays,
 * unknown elements as found), read straight from libxml2's nodes. Its text differs from the
 * file's in one way: libxml2 turns line breaks (CR LF, CR) into LF, which `readXml` keeps. So
 * when the file has a CR, a value with a line break cannot be told apart, and the caller is left
 * to `readXml`; CRs in the indentation of a file with CR LF line ends do not matter.
 */

// Offsets in libxml2's xmlNode (wasm32), the ones libxml2-wasm's own accessors use, and its
// node types.
const TYPE = 4 >> 2;
const NAME = 8 >> 2;
const CHILDREN = 12 >> 2;
const NEXT = 24 >> 2;
const CONTENT = 40 >> 2;
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
const PI_NODE = 7;
const COMMENT_NODE = 8;

/** A child element of a complex type, with its name as the bytes libxml2 holds. */
interface ChildMatch {
  descriptor: ChildDescriptor;
  nameCodes: readonly number[];
  /** The children of its type (complex children only). */
  children: readonly ChildMatch[] | undefined;
}

// ignoreBOM: a U+FEFF at the start of a value is text like any other (readXml keeps it).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** What this reader cannot convert like `readXml`: the caller reads the text instead. */
class UnexpectedNode extends Error {}

const matchCache = new WeakMap<TypeDescriptors, Map<string, readonly ChildMatch[]>>();

/** The children of `typeName`, in schema order, one per element name (the last, like a Map). */
function childMatches(types: TypeDescriptors, typeName: string): readonly ChildMatch[] | undefined {
  const children = types[typeName];
  if (!children) return undefined;
  let byType = matchCache.get(types);
  if (!byType) {
    byType = new Map();
    matchCache.set(types, byType);
  }
  let matches = byType.get(typeName);
  if (!matches) {
    const list: ChildMatch[] = [];
    matches = list;
    byType.set(typeName, list);
    const unique = new Map(children.map((child) => [child.name, child]));
    for (const descriptor of unique.values()) {
      list.push({
        descriptor,
        nameCodes: Array.from(descriptor.name, (char) => char.charCodeAt(0)),
        // Filled after this type is registered, so recursive types end.
        children: undefined,
      });
    }
    for (const match of list) {
      if (match.descriptor.complex) {
        match.children = childMatches(types, match.descriptor.complex);
      }
    }
  }
  return matches;
}

class TreeReader {
  private readonly words: Int32Array;
  private readonly bytes: Uint8Array;
  /** The file had a CR: a value with a LF may have had a CR there (see above). */
  private readonly lineBreaksChanged: boolean;

  constructor(memory: Libxml2Memory, lineBreaksChanged: boolean) {
    this.words = memory.words;
    this.bytes = memory.bytes;
    this.lineBreaksChanged = lineBreaksChanged;
  }

  /** A value's text, unless libxml2 may have changed its line breaks. */
  private value(text: string): string {
    if (this.lineBreaksChanged && text.includes('\n')) throw new UnexpectedNode();
    return text;
  }

  /** The NUL-terminated UTF-8 string at `pointer`. */
  text(pointer: number): string {
    if (pointer === 0) return '';
    const end = this.bytes.indexOf(0, pointer);
    return end === pointer ? '' : decoder.decode(this.bytes.subarray(pointer, end));
  }

  private nameIs(pointer: number, codes: readonly number[]): boolean {
    const bytes = this.bytes;
    for (let index = 0; index < codes.length; index += 1) {
      if (bytes[pointer + index] !== codes[index]) return false;
    }
    return bytes[pointer + codes.length] === 0;
  }

  /**
   * The index in `matches` of the child named as the element at `node`, or -1; schema order
   * makes `hint` (the previous child's) or the next ones likely.
   */
  private match(node: number, matches: readonly ChildMatch[], hint: number): number {
    const name = this.words[(node >> 2) + NAME] ?? 0;
    for (let step = 0; step < matches.length; step += 1) {
      const index = (hint + step) % matches.length;
      const match = matches[index];
      if (match && this.nameIs(name, match.nameCodes)) return index;
    }
    return -1;
  }

  /** The text of the text and CDATA children of `node`, as `readXml` collects it. */
  private ownText(node: number): string {
    const words = this.words;
    let text = '';
    for (let child = words[(node >> 2) + CHILDREN] ?? 0; child !== 0;) {
      const type = words[(child >> 2) + TYPE];
      if (type === TEXT_NODE || type === CDATA_SECTION_NODE) {
        text += this.text(words[(child >> 2) + CONTENT] ?? 0);
      } else if (type !== ELEMENT_NODE && type !== COMMENT_NODE && type !== PI_NODE) {
        throw new UnexpectedNode();
      }
      child = words[(child >> 2) + NEXT] ?? 0;
    }
    return text;
  }

  /**
   * The value of the element at `node`: an object of its children for a complex element, the
   * text of a leaf, the shape found for an element the schema does not declare.
   */
  element(
    node: number,
    descriptor: ChildDescriptor | undefined,
    matches: readonly ChildMatch[] | undefined,
  ): unknown {
    if (descriptor && !descriptor.complex) return this.value(this.ownText(node));
    const words = this.words;
    let object: Record<string, unknown> | undefined;
    let text = '';
    let hint = 0;
    for (let child = words[(node >> 2) + CHILDREN] ?? 0; child !== 0;) {
      const type = words[(child >> 2) + TYPE];
      if (type === ELEMENT_NODE) {
        const index = matches ? this.match(child, matches, hint) : -1;
        const found = index === -1 ? undefined : matches?.[index];
        if (found) hint = index;
        const childDescriptor = found?.descriptor;
        const value = this.element(child, childDescriptor, found?.children);
        const key = childDescriptor?.key ?? toSnakeCase(this.text(words[(child >> 2) + NAME] ?? 0));
        object ??= {};
        const existing = object[key];
        if (existing === undefined) object[key] = childDescriptor?.many ? [value] : value;
        // As in readXml: an array here means the element repeats.
        else if (Array.isArray(existing)) existing.push(value);
        else object[key] = [existing, value];
      } else if (type === TEXT_NODE || type === CDATA_SECTION_NODE) {
        // Text inside complex elements is only indentation.
        if (!descriptor) text += this.text(words[(child >> 2) + CONTENT] ?? 0);
      } else if (type !== COMMENT_NODE && type !== PI_NODE) {
        throw new UnexpectedNode();
      }
      child = words[(child >> 2) + NEXT] ?? 0;
    }
    if (descriptor) return object ?? {};
    return object ?? this.value(text);
  }

  /** The root element of the document at `document`, or 0. */
  rootElement(document: number): number {
    const words = this.words;
    for (let node = words[(document >> 2) + CHILDREN] ?? 0; node !== 0;) {
      if (words[(node >> 2) + TYPE] === ELEMENT_NODE) return node;
      node = words[(node >> 2) + NEXT] ?? 0;
    }
    return 0;
  }
}

/**
 * The root element of the libxml2 document at `document` converted like `readXml(text, types,
 * rootType).root`, for a well-formed document; undefined when it cannot tell (the caller then
 * uses `readXml`). `rootName` is the root's local name, as a check; `hadCr`: the text had a CR.
 */
export function readLibxml2Tree(
  document: number,
  types: TypeDescriptors,
  rootType: string,
  { rootName, hadCr }: { rootName: string; hadCr: boolean },
): Record<string, unknown> | undefined {
  const memory = libxml2Memory();
  if (!memory || document === 0) return undefined;
  const reader = new TreeReader(memory, hadCr);
  const root = reader.rootElement(document);
  if (root === 0 || reader.text(memory.words[(root >> 2) + NAME] ?? 0) !== rootName) {
    return undefined;
  }
  const descriptor: ChildDescriptor = {
    name: rootName,
    key: '',
    many: false,
    optional: false,
    complex: rootType,
  };
  try {
    return reader.element(root, descriptor, childMatches(types, rootType)) as Record<
      string,
      unknown
    >;
  } catch (error) {
    if (error instanceof UnexpectedNode) return undefined;
    throw error;
  }
}
