import { XmlElement } from 'libxml2-wasm';
import { childrenOf, type ChildDescriptor, type KsefForm } from './descriptor.ts';
import { nodePointer, readLibxml2Tree } from './libxml2-tree.ts';
import { VALUE_KEY, type KsefElement, type KsefJson, type KsefNode } from './ksef-json.ts';

function elementChildren(element: XmlElement): XmlElement[] {
  const children: XmlElement[] = [];
  for (let node = element.firstChild; node; node = node.next) {
    if (node instanceof XmlElement) children.push(node);
  }
  return children;
}

function addChild(target: KsefElement, name: string, value: KsefNode, many: boolean): void {
  const existing = target[name];
  if (many) {
    if (Array.isArray(existing)) existing.push(value);
    else target[name] = [value];
  } else if (existing === undefined) {
    target[name] = value;
  } else if (Array.isArray(existing)) {
    // Not repeatable in the schema (the XSD layer says so): kept, not lost.
    existing.push(value);
  } else {
    target[name] = [existing, value];
  }
}

function attributesOf(element: XmlElement, into: KsefElement): boolean {
  let any = false;
  for (const attribute of element.attrs) {
    if (attribute.prefix) continue; // foreign attributes (xsi:…) belong to no KSeF field
    into[attribute.name] = attribute.value;
    any = true;
  }
  return any;
}

function convert(element: XmlElement, form: KsefForm, descriptor?: ChildDescriptor): KsefNode {
  const children = elementChildren(element);
  if (!descriptor?.type && children.length === 0) {
    const holder: KsefElement = {};
    if (!attributesOf(element, holder)) return element.content;
    holder[VALUE_KEY] = element.content;
    return holder;
  }
  const object: KsefElement = {};
  attributesOf(element, object);
  const known = descriptor?.type ? childrenOf(form, descriptor.type) : undefined;
  for (const child of children) {
    const childDescriptor = known?.get(child.name);
    addChild(
      object,
      child.name,
      convert(child, form, childDescriptor),
      childDescriptor?.many === true,
    );
  }
  return object;
}

/** The JSON of a parsed invoice of `form` whose root is `root`. */
export function xmlTreeToJson(root: XmlElement, form: KsefForm): KsefJson {
  return readLibxml2Tree(nodePointer(root), form) ?? xmlTreeToJsonWalked(root, form);
}

/** The same, walking the tree through libxml2-wasm's API (one wrapper per node). */
export function xmlTreeToJsonWalked(root: XmlElement, form: KsefForm): KsefJson {
  const faktura = convert(root, form, { name: root.name, type: root.name }) as KsefElement;
  const head: KsefElement = {};
  const namespaces = root.nsDeclarations;
  if (Object.keys(namespaces).length > 0) head.$xmlns = { ...namespaces };
  if (root.prefix) head.$prefix = root.prefix;
  const foreign: KsefElement = {};
  for (const attribute of root.attrs) {
    if (attribute.prefix) foreign[`${attribute.prefix}:${attribute.name}`] = attribute.value;
  }
  if (Object.keys(foreign).length > 0) head.$attributes = foreign;
  return { Faktura: { ...head, ...faktura } };
}
