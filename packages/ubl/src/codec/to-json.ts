import type { XDocument, XElement } from '../tree/node.ts';
import { childOf, kindOf, rootType } from './descriptor.ts';
import type { UblJson, UblObject, UblValue } from './json-shape.ts';
import { qualifiedName, serializeChildren, serializeElement } from './serialize.ts';

function isBlank(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code !== 0x20 && code !== 0x0a && code !== 0x09 && code !== 0x0d) return false;
  }
  return true;
}

function namespaceDeclarations(element: XElement): Record<string, string> | undefined {
  if (!element.nsDecls?.length) return undefined;
  const declarations: Record<string, string> = {};
  for (const [prefix, uri] of element.nsDecls) declarations[prefix] = uri;
  return declarations;
}

/** The value of a basic element, or undefined when it holds elements (kept as raw XML). */
function basicValue(element: XElement): UblValue | undefined {
  let text = '';
  for (const child of element.children) {
    if (child.kind === 'element') return undefined;
    text += child.value;
  }
  const declarations = namespaceDeclarations(element);
  if (element.attrs.length === 0 && !declarations) return text;
  const object: UblObject = { value: text };
  if (declarations) object.$ns = declarations;
  for (const attribute of element.attrs) {
    // By qualified name; one named `value` could not be told from the text: kept as raw XML.
    const name = qualifiedName(attribute.prefix, attribute.local);
    if (name === 'value') return undefined;
    object[name] = attribute.value;
  }
  return object;
}

/** Raw XML for an element the schema does not place here, under `$prefix:Name`. */
function addRaw(object: UblObject, element: XElement): void {
  const key = `$${qualifiedName(element.prefix, element.local)}`;
  const existing = object[key];
  const xml = serializeElement(element);
  if (Array.isArray(existing)) existing.push(xml);
  else object[key] = [xml];
}

function aggregateValue(element: XElement, type: string | undefined): UblObject {
  const object: UblObject = {};
  const declarations = namespaceDeclarations(element);
  if (declarations) object.$ns = declarations;
  if (element.attrs.length > 0) {
    const attributes: UblObject = {};
    for (const attribute of element.attrs) {
      attributes[qualifiedName(attribute.prefix, attribute.local)] = attribute.value;
    }
    object.$attrs = attributes;
  }
  if (type !== undefined && kindOf(type) === 'any') {
    object.$xml = serializeChildren(element.children);
    return object;
  }
  let text = '';
  for (const child of element.children) {
    if (child.kind === 'text') {
      text += child.value;
      continue;
    }
    const info = childOf(type, child.ns, child.local);
    const value = info ? elementValue(child, info.type) : undefined;
    const existing = info ? object[info.local] : undefined;
    if (!info || value === undefined || (!info.many && existing !== undefined)) {
      addRaw(object, child);
    } else if (info.many) {
      if (Array.isArray(existing)) existing.push(value);
      else object[info.local] = [value];
    } else {
      object[info.local] = value;
    }
  }
  if (!isBlank(text)) object.$text = text;
  return object;
}

function elementValue(element: XElement, type: string): UblValue | undefined {
  return kindOf(type) === 'basic' ? basicValue(element) : aggregateValue(element, type);
}

/**
 * The JSON of a parsed UBL document (see json-shape.ts); undefined when its root is not a UBL
 * 2.1 document type the descriptor knows.
 */
export function treeToJson(document: XDocument): UblJson | undefined {
  const root = document.root;
  const type = root ? rootType(root.local) : undefined;
  if (!root || !type) return undefined;
  return { [root.local]: aggregateValue(root, type) };
}
