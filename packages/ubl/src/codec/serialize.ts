import type { XChild, XElement } from '../tree/node.ts';

/** Text escaped for element content (a CR kept as a reference, so it survives parsing). */
export function escapeText(text: string): string {
  let escaped = '';
  let from = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    let replacement: string | undefined;
    if (code === 0x26) replacement = '&amp;';
    else if (code === 0x3c) replacement = '&lt;';
    else if (code === 0x3e) replacement = '&gt;';
    else if (code === 0x0d) replacement = '&#13;';
    if (replacement) {
      escaped += text.slice(from, index) + replacement;
      from = index + 1;
    }
  }
  return from === 0 ? text : escaped + text.slice(from);
}

/** Text escaped for a double-quoted attribute value (whitespace kept as references). */
export function escapeAttribute(text: string): string {
  let escaped = '';
  let from = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    let replacement: string | undefined;
    if (code === 0x26) replacement = '&amp;';
    else if (code === 0x3c) replacement = '&lt;';
    else if (code === 0x22) replacement = '&quot;';
    else if (code === 0x09) replacement = '&#9;';
    else if (code === 0x0a) replacement = '&#10;';
    else if (code === 0x0d) replacement = '&#13;';
    if (replacement) {
      escaped += text.slice(from, index) + replacement;
      from = index + 1;
    }
  }
  return from === 0 ? text : escaped + text.slice(from);
}

export function qualifiedName(prefix: string, local: string): string {
  return prefix ? `${prefix}:${local}` : local;
}

/** The start tag's name, namespace declarations and attributes of `element`, as in the file. */
function startTag(element: XElement): string {
  let tag = `<${qualifiedName(element.prefix, element.local)}`;
  for (const [prefix, uri] of element.nsDecls ?? []) {
    tag += ` ${prefix ? `xmlns:${prefix}` : 'xmlns'}="${escapeAttribute(uri)}"`;
  }
  for (const attribute of element.attrs) {
    tag += ` ${qualifiedName(attribute.prefix, attribute.local)}="${escapeAttribute(attribute.value)}"`;
  }
  return tag;
}

/** `element` written back as XML, with the prefixes and declarations it had. */
export function serializeElement(element: XElement): string {
  const tag = startTag(element);
  if (element.children.length === 0) return `${tag}/>`;
  return `${tag}>${serializeChildren(element.children)}</${qualifiedName(element.prefix, element.local)}>`;
}

export function serializeChildren(children: readonly XChild[]): string {
  let xml = '';
  for (const child of children) {
    xml += child.kind === 'text' ? escapeText(child.value) : serializeElement(child);
  }
  return xml;
}
