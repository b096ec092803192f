import {
  libxml2,
  pointerOf,
  shortenQuotedValues,
  validatePointers,
  type BoundedValidation,
} from '@fiscus/fatturapa/xml-hardening';
import {
  XmlBufferInputProvider,
  XmlDocument,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { NAMESPACES } from '../codec/descriptor.generated.ts';
import { jsonPathOf } from '../codec/json-path.ts';
import type { Finding } from '../findings.ts';
import type { XAttribute, XElement } from '../tree/node.ts';
import { xpathOf } from '../xml/location.ts';
import type { UblRoot } from '../xml/roots.ts';
import { maindocSchema, readSchemaFiles } from './schema-files.ts';

/** Schema errors described at most (the count of the others is reported). */
export const MAX_SCHEMA_FINDINGS = 50;

let files: Record<string, Uint8Array> | undefined;
const validators = new Map<string, XsdValidator>();

/** The compiled maindoc schema of `root`, loaded once, lazily; imports served locally. */
function validatorOf(root: UblRoot): XsdValidator {
  let validator = validators.get(root);
  if (!validator) {
    if (!files) {
      files = readSchemaFiles();
      xmlRegisterInputProvider(new XmlBufferInputProvider(files));
    }
    const url = maindocSchema(root);
    const source = files[url];
    if (!source) throw new Error(`No UBL 2.1 schema for ${root}`);
    const schemaDocument = XmlDocument.fromBuffer(source, { url });
    try {
      validator = XsdValidator.fromDoc(schemaDocument);
    } finally {
      schemaDocument.dispose();
    }
    validators.set(root, validator);
  }
  return validator;
}

const namespaceAliases = Object.entries(NAMESPACES).map(
  ([alias, ns]) =>
    [`{${ns}}`, alias === 'cac' || alias === 'cbc' || alias === 'ext' ? `${alias}:` : ''] as const,
);

/** libxml2's message with UBL's `{namespace}` names written with their usual prefixes. */
function readableMessage(message: string): string {
  let readable = message;
  for (const [expanded, prefix] of namespaceAliases) {
    if (readable.includes(expanded)) readable = readable.replaceAll(expanded, prefix);
  }
  return shortenQuotedValues(readable);
}

function schemaFinding(message: string, location = '', path = ''): Finding {
  return { layer: 'schema', id: 'XSD', flag: 'fatal', message, location, path };
}

/** What libxml2's validation of a document said, before its errors are placed in the tree. */
export type XsdCheck = { validation: BoundedValidation } | { failure: string };

/**
 * Layer 2: validates the libxml2 document at `document` (a pointer: the same parse the tree is
 * read from) against the UBL 2.1 maindoc schema of `root`, describing the first 50 errors. Never
 * throws.
 */
export function checkXsd(document: number, root: UblRoot): XsdCheck {
  try {
    const validator = validatorOf(root);
    const schema = pointerOf(validator);
    if (!libxml2 || schema === 0) return { failure: 'The schema validator is unavailable' };
    return { validation: validatePointers(libxml2, schema, document, MAX_SCHEMA_FINDINGS) };
  } catch (error) {
    return {
      failure: `Schema validation failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** The libxml2 nodes of a check's errors: the tree nodes to find for their places. */
export function errorNodes(check: XsdCheck): ReadonlySet<number> {
  return new Set('validation' in check ? check.validation.nodes.filter((node) => node !== 0) : []);
}

/**
 * The check's findings: each error a fatal 'XSD' finding with libxml2's message (line first,
 * UBL's usual prefixes), the XPath of its node as the rules write locations and its JSON path;
 * `nodes` maps libxml2's node pointers to the tree.
 */
export function xsdFindings(
  check: XsdCheck,
  nodes: ReadonlyMap<number, XElement | XAttribute> | undefined,
): Finding[] {
  if ('failure' in check) return [schemaFinding(check.failure)];
  const { validation } = check;
  const findings = validation.details.map((detail, index) => {
    const node = nodes?.get(validation.nodes[index] ?? 0);
    return schemaFinding(
      `Line ${detail.line}: ${readableMessage(detail.message.trim())}`,
      node ? xpathOf(node) : (detail.xpath ?? ''),
      node ? jsonPathOf(node) : '',
    );
  });
  if (validation.total > 0 && findings.length === 0) {
    findings.push(schemaFinding('The document does not conform to the UBL 2.1 schema'));
  }
  if (validation.total > MAX_SCHEMA_FINDINGS) {
    findings.push(
      schemaFinding(
        `${validation.total} schema errors: only the first ${MAX_SCHEMA_FINDINGS} are listed`,
      ),
    );
  }
  return findings;
}

/** checkXsd and xsdFindings at once, for a tree already read with its node pointers. */
export function validateXsd(
  document: number,
  root: UblRoot,
  nodes: ReadonlyMap<number, XElement | XAttribute> | undefined,
): Finding[] {
  return xsdFindings(checkXsd(document, root), nodes);
}
