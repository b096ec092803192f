import type { ErrorDetail, XmlDocument, XsdValidator } from 'libxml2-wasm';
// libxml2-wasm's own collector asks libxml2 for the XPath of EVERY error node, a walk over the
// node's preceding siblings: an invoice with tens of thousands of faulty lines costs
// minutes (quadratic). We collect with a callback of ours that only describes the first errors
// and counts the rest. These are the package's internal bindings (pinned 0.7.x), used only
// when all of them are present; otherwise the public `validate` is used.
import * as bindings from 'libxml2-wasm/lib/libxml2.mjs';

interface Internals {
  addFunction: (callback: (data: number, error: number) => void, signature: string) => number;
  XmlErrorStruct: typeof bindings.XmlErrorStruct;
  xmlGetNodePath: typeof bindings.xmlGetNodePath;
  xmlSchemaNewValidCtxt: (schema: number) => number;
  xmlSchemaSetValidStructuredErrors: (context: number, handler: number, data: number) => void;
  xmlSchemaValidateDoc: (context: number, document: number) => number;
  xmlSchemaFreeValidCtxt: (context: number) => void;
}

export interface BoundedValidation {
  /** The first `maxDetails` errors, with line and XPath. */
  details: ErrorDetail[];
  /** How many errors libxml2 reported in all. */
  total: number;
}

const internals = bindings as unknown as Partial<Internals>;
const available =
  typeof internals.addFunction === 'function' &&
  typeof internals.xmlSchemaNewValidCtxt === 'function' &&
  typeof internals.xmlSchemaSetValidStructuredErrors === 'function' &&
  typeof internals.xmlSchemaValidateDoc === 'function' &&
  typeof internals.xmlSchemaFreeValidCtxt === 'function' &&
  typeof internals.xmlGetNodePath === 'function' &&
  internals.XmlErrorStruct !== undefined;

// One collector for the process: validation is synchronous, so one run at a time uses it.
let current: { details: ErrorDetail[]; total: number; maxDetails: number } | undefined;
let collectorPointer: number | undefined;

function collector(): number {
  if (collectorPointer === undefined) {
    const api = internals as Internals;
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
      const xpath = api.xmlGetNodePath(api.XmlErrorStruct.node(error));
      if (xpath !== null) detail.xpath = xpath;
      current.details.push(detail);
    }, 'vii');
  }
  return collectorPointer;
}

function pointerOf(object: object): number {
  return (object as { _ptr?: number })._ptr ?? 0;
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
  if (!available || schema === 0 || doc === 0)
    return validatePublic(validator, document, maxDetails);
  const api = internals as Internals;
  const context = api.xmlSchemaNewValidCtxt(schema);
  current = { details: [], total: 0, maxDetails };
  try {
    api.xmlSchemaSetValidStructuredErrors(context, collector(), 0);
    const result = api.xmlSchemaValidateDoc(context, doc);
    if (result < 0) throw new Error('libxml2 could not validate the document (internal error)');
    return { details: current.details, total: Math.max(current.total, result > 0 ? 1 : 0) };
  } finally {
    current = undefined;
    api.xmlSchemaFreeValidCtxt(context);
  }
}

function validatePublic(
  validator: XsdValidator,
  document: XmlDocument,
  maxDetails: number,
): BoundedValidation {
  try {
    validator.validate(document);
    return { details: [], total: 0 };
  } catch (error) {
    const details = (error as { details?: ErrorDetail[] }).details;
    if (!Array.isArray(details)) throw error;
    return { details: details.slice(0, maxDetails), total: details.length };
  }
}
