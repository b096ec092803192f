// libxml2-wasm's classes cost more than libxml2's own work on a small invoice: each document
// gets a parser context, a JavaScript wrapper registered for finalization and a collector that
// asks libxml2 for the XPath of every error node. The package's internal bindings let us drive
// libxml2 directly. They are not public (pinned 0.7.x): used only when all of them are present,
// otherwise callers take the public API.
import * as bindings from 'libxml2-wasm/lib/libxml2.mjs';

/** The internal bindings this package uses; pointers are numbers into the wasm memory. */
export interface Libxml2Bindings {
  addFunction: (callback: (data: number, error: number) => void, signature: string) => number;
  XmlErrorStruct: typeof bindings.XmlErrorStruct;
  xmlGetNodePath: typeof bindings.xmlGetNodePath;
  xmlNewParserCtxt: () => number;
  xmlFreeParserCtxt: (context: number) => void;
  xmlCtxtSetErrorHandler: (context: number, handler: number, data: number) => void;
  xmlReadMemory: typeof bindings.xmlReadMemory;
  xmlFreeDoc: (document: number) => void;
  xmlSchemaNewValidCtxt: (schema: number) => number;
  xmlSchemaSetValidStructuredErrors: (context: number, handler: number, data: number) => void;
  xmlSchemaValidateDoc: (context: number, document: number) => number;
  xmlSchemaFreeValidCtxt: (context: number) => void;
}

const candidate = bindings as unknown as Partial<Libxml2Bindings>;
const functionNames = [
  'addFunction',
  'xmlGetNodePath',
  'xmlNewParserCtxt',
  'xmlFreeParserCtxt',
  'xmlCtxtSetErrorHandler',
  'xmlReadMemory',
  'xmlFreeDoc',
  'xmlSchemaNewValidCtxt',
  'xmlSchemaSetValidStructuredErrors',
  'xmlSchemaValidateDoc',
  'xmlSchemaFreeValidCtxt',
] as const;

/** The bindings, or undefined when this libxml2-wasm release does not have all of them. */
export const libxml2: Libxml2Bindings | undefined =
  functionNames.every((name) => typeof candidate[name] === 'function') &&
  candidate.XmlErrorStruct !== undefined
    ? (candidate as Libxml2Bindings)
    : undefined;

/** libxml2's memory, seen as bytes and as 32-bit words (pointers and ints of its structs). */
export interface Libxml2Memory {
  bytes: Uint8Array;
  words: Int32Array;
}

let memory: Libxml2Memory | undefined;

/**
 * libxml2's memory, for reading its structs without a call per field. Valid until libxml2 next
 * allocates (the memory may grow and be replaced): take it again after any call into libxml2.
 * Undefined without the internal accessor it comes from (a view of the memory that a node-set
 * accessor hands out, of which only the underlying buffer is used).
 */
export function libxml2Memory(): Libxml2Memory | undefined {
  const nodeSets = (bindings as Partial<typeof bindings>).XmlNodeSetStruct;
  if (typeof nodeSets?.nodeTable !== 'function') return undefined;
  const buffer = nodeSets.nodeTable(0, 0).buffer;
  if (memory?.bytes.buffer !== buffer) {
    memory = { bytes: new Uint8Array(buffer), words: new Int32Array(buffer) };
  }
  return memory;
}

/** libxml2's pointer behind a libxml2-wasm object (0 when it has none). */
export function pointerOf(object: object): number {
  return (object as { _ptr?: number })._ptr ?? 0;
}
