/**
 * The one parsed tree every layer after XML safety works on: the XSD layer's parse (libxml2) is
 * read into it once, the rules engine evaluates XPath over it, and the JSON codec walks it.
 *
 * It is the part of the XPath data model the Peppol rules need: a document node, elements,
 * attributes and text (comments and processing instructions are dropped: no rule reads them and
 * they never change an element's string value). `order` is the node's position in document
 * order (document 0, then each element, its attributes, then its children), so sorting and
 * de-duplicating node sequences is a number comparison.
 */

export interface XDocument {
  readonly kind: 'document';
  order: number;
  /** The document element; undefined only while the tree is being built. */
  root: XElement | undefined;
  /** The same as [root], for code that walks children generically. */
  children: XElement[];
}

export interface XElement {
  readonly kind: 'element';
  order: number;
  /** Namespace URI ('' for none). */
  ns: string;
  /** Local name. */
  local: string;
  /** The prefix the file used ('' for the default namespace): kept for paths and round trips. */
  prefix: string;
  attrs: XAttribute[];
  children: XChild[];
  parent: XElement | XDocument;
  /** 1-based line of the start tag in the file, when the reader knows it. */
  line?: number;
  /**
   * Namespace declarations made on this element (prefix '' for the default namespace), in file
   * order: the JSON codec keeps them so XML → JSON → XML writes the same prefixes back.
   */
  nsDecls?: ReadonlyArray<readonly [prefix: string, uri: string]>;
}

export interface XAttribute {
  readonly kind: 'attribute';
  order: number;
  ns: string;
  local: string;
  prefix: string;
  value: string;
  parent: XElement;
}

export interface XText {
  readonly kind: 'text';
  order: number;
  value: string;
  parent: XElement;
}

export type XChild = XElement | XText;
export type XNode = XDocument | XElement | XAttribute | XText;

/** The string value of a node (XPath `string()`): its text descendants joined, or its value. */
export function stringValue(node: XNode): string {
  switch (node.kind) {
    case 'attribute':
    case 'text':
      return node.value;
    case 'document':
      return node.root ? stringValue(node.root) : '';
    case 'element': {
      const { children } = node;
      if (children.length === 1 && children[0]!.kind === 'text') return children[0]!.value;
      let text = '';
      for (const child of children)
        text += child.kind === 'text' ? child.value : stringValue(child);
      return text;
    }
  }
}

/** Numbers every node in document order; call after building or changing a tree. */
export function numberDocumentOrder(document: XDocument): void {
  let next = 0;
  document.order = next++;
  const visit = (element: XElement): void => {
    element.order = next++;
    for (const attribute of element.attrs) attribute.order = next++;
    for (const child of element.children) {
      if (child.kind === 'element') visit(child);
      else child.order = next++;
    }
  };
  if (document.root) visit(document.root);
}
