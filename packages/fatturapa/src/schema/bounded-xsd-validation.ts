import type { ErrorDetail, XmlDocument, XsdValidator } from 'libxml2-wasm';
// libxml2-wasm's own collector asks libxml2 for the XPath of EVERY error node, a walk over the
// node's preceding siblings: an invoice with tens of thousands of faulty lines costs
// minutes (quadratic). We collect with a callback of ours that only describes the first errors
// and counts the rest (through the internal bindings, see libxml2-bindings.ts; otherwise the
// public `validate` is used).
import { libxml2, pointerOf, type Libxml2Bindings } from './libxml2-bindings.ts';

export interface BoundedValidation {
  /** The first `maxDetails` errors, with line and XPath. */
  details: ErrorDetail[];
  /** How many errors libxml2 reported in all. */
  total: number;
  /**
   * libxml2's pointer to the node of each error in `details` (0 when it has none), valid while
   * the document lives: lets a caller find the error's node in a tree of its own (UBL engine).
   */
  nodes: number[];
}

// One collector for the process: validation is synchronous, so one run at a time uses it.
let current:
  { details: ErrorDetail[]; nodes: number[]; total: number; maxDetails: number } | undefined;
let collectorPointer: number | undefined;

function collector(api: Libxml2Bindings): number {
  if (collectorPointer === undefined) {
    collectorPointer = api.addFunction((_data, error) => {
      if (!current) return;
      current.total += 1;
      if (current.details.length >= current.maxDetails) return;
      const detail: ErrorDetail = {
        message: api.XmlErrorStruct.message(error),
        level: api.XmlErrorStruct.level(error),
        line: api.XmlErrorStruct.line(error),
        col: api.XmlErrorStruct.col(error),
      };
      const node = api.XmlErrorStruct.node(error);
      const xpath = api.xmlGetNodePath(node);
      if (xpath !== null) detail.xpath = xpath;
      current.details.push(detail);
      current.nodes.push(node);
    }, 'vii');
  }
  return collectorPointer;
}

/**
 * Validates the libxml2 document at `document` against the compiled schema at `schema`
 * (pointers), describing at most `maxDetails` errors. Needs the internal bindings (`libxml2`).
 * Throws on libxml2's internal errors.
 */
export function validatePointers(
  api: Libxml2Bindings,
  schema: number,
  document: number,
  maxDetails: number,
): BoundedValidation {
  const context = api.xmlSchemaNewValidCtxt(schema);
  current = { details: [], nodes: [], total: 0, maxDetails };
  try {
    api.xmlSchemaSetValidStructuredErrors(context, collector(api), 0);
    const result = api.xmlSchemaValidateDoc(context, document);
    if (result < 0) throw new Error('libxml2 could not validate the document (internal error)');
    return {
      details: current.details,
      nodes: current.nodes,
      total: Math.max(current.total, result > 0 ? 1 : 0),
    };
  } finally {
    current = undefined;
    api.xmlSchemaFreeValidCtxt(context);
  }
}

/**
 * Validates `document` against `validator`, describing at most `maxDetails` errors.
 * Throws like `XsdValidator.validate` on internal errors.
 */
export function validateBounded(
  validator: XsdValidator,
  document: XmlDocument,
  maxDetails: number,
): BoundedValidation {
  const schema = pointerOf(validator);
  const doc = pointerOf(document);
  if (!libxml2 || schema === 0 || doc === 0) return validatePublic(validator, document, maxDetails);
  return validatePointers(libxml2, schema, doc, maxDetails);
}

function validatePublic(
  validator: XsdValidator,
  document: XmlDocument,
  maxDetails: number,
): BoundedValidation {
  try {
    validator.validate(document);
    return { details: [], nodes: [], total: 0 };
  } catch (error) {
    const details = (error as { details?: ErrorDetail[] }).details;
    if (!Array.isArray(details)) throw error;
    const kept = details.slice(0, maxDetails);
    return { details: kept, nodes: kept.map(() => 0), total: details.length };
  }
}
