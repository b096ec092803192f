import { ParseOption } from 'libxml2-wasm';
import type { Libxml2Bindings } from './libxml2-bindings.ts';

// The text is already decoded: force UTF-8 whatever the declaration says (ISO-8859-1 files).
// BIG_LINES: real line numbers past 65535 in findings; NONET: never fetch anything.
export const PARSE_ENCODING = 'utf-8';
export const PARSE_OPTIONS = ParseOption.XML_PARSE_BIG_LINES | ParseOption.XML_PARSE_NONET;

// libxml2 level of a diagnostic that makes the document unusable (errors and fatal errors).
const XML_ERR_ERROR = 2;

// A parser context is reused from one document to the next (libxml2 resets it for each read).
// Its dictionary of names keeps growing, so the context is replaced after this much input.
const CONTEXT_INPUT_LIMIT = 8 * 1024 * 1024;

let context = 0;
let contextInput = 0;
let errorCount = 0;
let handler: number | undefined;

/**
 * Parses UTF-8 bytes into a libxml2 document and returns its pointer, to be released with
 * `api.xmlFreeDoc`; or 0 when libxml2 reports an error, with the document (if any) freed.
 * The same well-formedness verdict as libxml2-wasm's `XmlDocument.fromBuffer` (warnings are
 * not errors), without its per-document context, wrapper and error list: the caller parses
 * again with `fromBuffer` to describe an error. `dropBlanks`: leave out the text nodes of
 * indentation, as libxml2's NOBLANKS option judges them.
 */
export function parseWellFormed(
  api: Libxml2Bindings,
  utf8: Uint8Array,
  { dropBlanks = false }: { dropBlanks?: boolean } = {},
): number {
  handler ??= api.addFunction((_data, error) => {
    if (api.XmlErrorStruct.level(error) >= XML_ERR_ERROR) errorCount += 1;
  }, 'vii');
  if (context === 0 || contextInput > CONTEXT_INPUT_LIMIT) {
    if (context !== 0) api.xmlFreeParserCtxt(context);
    context = api.xmlNewParserCtxt();
    contextInput = 0;
    if (context === 0) return 0;
  }
  contextInput += utf8.length;
  api.xmlCtxtSetErrorHandler(context, handler, 0);
  errorCount = 0;
  let document: number;
  try {
    const options = dropBlanks ? PARSE_OPTIONS | ParseOption.XML_PARSE_NOBLANKS : PARSE_OPTIONS;
    document = api.xmlReadMemory(context, utf8, null, PARSE_ENCODING, options);
  } catch (error) {
    // Whatever state the context was left in, the next document gets a new one.
    context = 0;
    throw error;
  }
  if (document !== 0 && errorCount > 0) {
    api.xmlFreeDoc(document);
    return 0;
  }
  return document;
}
