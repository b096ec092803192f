/** An element to serialise; `undefined` children are skipped so optional fields read naturally. */
export interface XmlNodeSpec {
  name: string;
  attributes?: Record<string, string | undefined>;
  text?: string;
  children?: readonly (XmlNodeSpec | undefined)[];
}

function escapeText(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}

// XML 1.0 cannot carry these characters at all, even escaped: refuse them rather than emit a
// document that no parser (and no SDI client) would read.
const notXmlChar = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/; // eslint-disable-line no-control-regex

function writeNode(node: XmlNodeSpec, indent: string, out: string[]): void {
  const attributes = Object.entries(node.attributes ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const children = (node.children ?? []).filter((child): child is XmlNodeSpec => !!child);
  if (children.length > 0) {
    out.push(`${indent}<${node.name}${attributes}>`);
    for (const child of children) writeNode(child, `${indent}  `, out);
    out.push(`${indent}</${node.name}>`);
  } else if (node.text !== undefined && node.text !== '') {
    out.push(`${indent}<${node.name}${attributes}>${escapeText(node.text)}</${node.name}>`);
  } else {
    out.push(`${indent}<${node.name}${attributes}/>`);
  }
}

function assertXmlChars(node: XmlNodeSpec): void {
  const values = [node.text ?? '', ...Object.values(node.attributes ?? {}).map((v) => v ?? '')];
  if (values.some((value) => notXmlChar.test(value))) {
    throw new RangeError(`Element ${node.name} contains characters XML cannot carry`);
  }
  for (const child of node.children ?? []) if (child) assertXmlChars(child);
}

/** Serialises a document as SDI writes its messages: UTF-8 declaration, two-space indent. */
export function writeXmlDocument(root: XmlNodeSpec): string {
  assertXmlChars(root);
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  writeNode(root, '', out);
  return `${out.join('\n')}\n`;
}
