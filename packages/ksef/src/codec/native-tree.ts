import { childrenOf, type ChildDescriptor, type KsefForm } from './descriptor.ts';
import type { TreeView } from './libxml2-tree.ts';
import { VALUE_KEY, type KsefElement, type KsefJson, type KsefNode } from './ksef-json.ts';

/**
 * The JSON of the part of an invoice that @fiscus/libxml2-native hands back, encoded in one
 * string (its C file says how), built exactly as `readLibxml2Tree(root, form, view)` builds it
 * from libxml2's memory: the same keys in the same order, arrays where the XSD allows several.
 */

const OPEN = 1;
const CLOSE = 2;
const ATTRIBUTE = 3;
const VALUE = 4;
const TEXT = 5;

/** The encoding says what it holds in its own order: anything else is a broken string. */
class Malformed extends Error {}

class Decoder {
  /** After the form's digit. */
  private at = 1;

  constructor(
    private readonly encoded: string,
    private readonly form: KsefForm,
  ) {}

  private expect(code: number): void {
    if (this.encoded.charCodeAt(this.at) !== code) throw new Malformed();
    this.at += 1;
  }

  /** Up to the next mark of the encoding. */
  private run(): string {
    const encoded = this.encoded;
    const start = this.at;
    let end = start;
    while (end < encoded.length && encoded.charCodeAt(end) > TEXT) end += 1;
    this.at = end;
    return encoded.slice(start, end);
  }

  /** An element after its name: as TreeReader.element reads it. */
  element(descriptor?: ChildDescriptor, view?: TreeView): KsefNode {
    const object: KsefElement = {};
    let attributes = false;
    while (this.encoded.charCodeAt(this.at) === ATTRIBUTE) {
      this.at += 1;
      const name = this.run();
      this.expect(VALUE);
      object[name] = this.run();
      attributes = true;
    }
    if (this.encoded.charCodeAt(this.at) === TEXT) {
      // No element child.
      this.at += 1;
      const text = this.run();
      this.expect(CLOSE);
      if (descriptor?.type) return object;
      if (!attributes) return text;
      object[VALUE_KEY] = text;
      return object;
    }
    const known = descriptor?.type ? childrenOf(this.form, descriptor.type) : undefined;
    while (this.encoded.charCodeAt(this.at) === OPEN) {
      this.at += 1;
      const name = this.run();
      const childView = view?.get(name);
      if (view && childView === undefined) throw new Malformed();
      const childDescriptor = known?.get(name);
      const value = this.element(childDescriptor, childView === true ? undefined : childView);
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
    this.expect(CLOSE);
    return object;
  }

  root(view: TreeView, rootName: string): KsefJson {
    this.expect(OPEN);
    const name = this.run();
    if (name !== rootName) throw new Malformed();
    const faktura = this.element({ name, type: name }, view) as KsefElement;
    if (this.at !== this.encoded.length) throw new Malformed();
    return { Faktura: faktura };
  }
}

/** The JSON of the encoded view of an invoice of `form`, or undefined when it is malformed. */
export function decodeNativeTree(
  encoded: string,
  form: KsefForm,
  rootName: string,
  view: TreeView,
): KsefJson | undefined {
  try {
    return new Decoder(encoded, form).root(view, rootName);
  } catch (error) {
    if (error instanceof Malformed) return undefined;
    throw error;
  }
}

/**
 * The view as the addon reads it: one line `name parent child` per entry, `parent` the number
 * of the view node it belongs to (0 for the root's), `child` its own node's number or -1 for
 * the whole element.
 */
export function nativeViewSpec(view: TreeView): string {
  const lines: string[] = [];
  let next = 1;
  const walk = (node: TreeView, id: number): void => {
    for (const [name, child] of node) {
      if (child === true) {
        lines.push(`${name} ${id} -1`);
      } else {
        const childId = next;
        next += 1;
        lines.push(`${name} ${id} ${childId}`);
        walk(child, childId);
      }
    }
  };
  walk(view, 0);
  return lines.join('\n');
}
