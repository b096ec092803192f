import type { XNode } from '../tree/node.ts';

/**
 * The XPath of `node` as the official XSLT writes a finding's location (the schematron
 * skeleton's `schematron-get-full-path`): `/*:Invoice[namespace-uri()='…'][1]/*:ID[…][1]`, an
 * attribute as `/@name` or `/@*[local-name()='…' and namespace-uri()='…']`. '' for the document.
 */
export function xpathOf(node: XNode): string {
  switch (node.kind) {
    case 'document':
      return '';
    case 'text':
      return xpathOf(node.parent);
    case 'attribute': {
      const step = node.ns
        ? `@*[local-name()='${node.local}' and namespace-uri()='${node.ns}']`
        : `@${node.local}`;
      return `${xpathOf(node.parent)}/${step}`;
    }
    case 'element': {
      let position = 1;
      const { parent } = node;
      if (parent.kind === 'element') {
        for (const sibling of parent.children) {
          if (sibling === node) break;
          if (
            sibling.kind === 'element' &&
            sibling.local === node.local &&
            sibling.ns === node.ns
          ) {
            position += 1;
          }
        }
      }
      const name = node.ns ? `*:${node.local}[namespace-uri()='${node.ns}']` : node.local;
      return `${xpathOf(parent)}/${name}[${position}]`;
    }
  }
}
