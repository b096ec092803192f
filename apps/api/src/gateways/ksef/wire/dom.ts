/*
 * A DOM for XML-DSig: xmldom's, the one xml-crypto works on (a signature node handed to it must
 * come from the same implementation). It is loaded without its TypeScript declarations, which
 * would add the browser's DOM library to the whole program's types (and change, for instance,
 * what `fetch` accepts elsewhere in the API); the few members used here are typed below.
 */
import { createRequire } from 'node:module';
import { ParseOption, XmlDocument } from 'libxml2-wasm';

export interface DomNode {
  readonly nodeType: number;
  readonly namespaceURI: string | null;
  readonly localName: string | null;
  readonly parentNode: DomNode | null;
  readonly firstChild: DomNode | null;
  readonly nextSibling: DomNode | null;
  readonly textContent: string | null;
}

export interface DomElement extends DomNode {
  getAttribute(name: string): string | null;
}

export interface DomDocument {
  readonly documentElement: DomElement | null;
  getElementsByTagNameNS(
    namespace: string,
    localName: string,
  ): { readonly length: number; item(index: number): DomElement | null };
}

type ErrorHandler = (message: string) => void;

interface DomParserConstructor {
  new (options: {
    errorHandler: { warning: ErrorHandler; error: ErrorHandler; fatalError: ErrorHandler };
  }): { parseFromString(source: string, mimeType: string): DomDocument };
}

const xmldom = createRequire(import.meta.url)('@xmldom/xmldom') as {
  DOMParser: DomParserConstructor;
};

export const ELEMENT_NODE = 1;

/** libxml2's verdict on well-formedness (xmldom forgives, for instance, an unclosed element). */
function requireWellFormed(xml: string): void {
  let document: XmlDocument | undefined;
  try {
    document = XmlDocument.fromString(xml, { option: ParseOption.XML_PARSE_NONET });
  } catch (error) {
    const detail = (error as { details?: { message: string; line: number }[] }).details?.[0];
    throw new Error(detail ? `${detail.message.trim()} (line ${detail.line})` : String(error), {
      cause: error,
    });
  } finally {
    document?.dispose();
  }
}

/**
 * Parses XML: well-formed as libxml2 judges it, then as xmldom's DOM (the one xml-crypto works
 * on), refusing what xmldom would only report. A DTD is refused outright, never read.
 */
export function parseXml(xml: string): DomDocument & { documentElement: DomElement } {
  if (xml.includes('<!DOCTYPE') || xml.includes('<!ENTITY')) {
    throw new Error('DOCTYPE and entity declarations are not accepted');
  }
  requireWellFormed(xml);
  const fail = (message: string) => {
    throw new Error(message.replace('[xmldom ', '[').trim());
  };
  const document = new xmldom.DOMParser({
    errorHandler: { warning: () => undefined, error: fail, fatalError: fail },
  }).parseFromString(xml, 'text/xml');
  const root = document.documentElement;
  if (!root) throw new Error('No root element');
  return Object.assign(document, { documentElement: root });
}

/** The element children of `parent` with this namespace and local name. */
export function childElements(parent: DomNode, namespace: string, localName: string): DomElement[] {
  const found: DomElement[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (
      node.nodeType === ELEMENT_NODE &&
      node.namespaceURI === namespace &&
      node.localName === localName
    ) {
      found.push(node as DomElement);
    }
  }
  return found;
}

/** The first element child of `parent`, whatever its name. */
export function firstElement(parent: DomNode): DomElement | undefined {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === ELEMENT_NODE) return node as DomElement;
  }
  return undefined;
}
