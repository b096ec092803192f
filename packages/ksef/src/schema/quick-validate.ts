import { libxml2, pointerOf, type Libxml2Bindings } from '@fiscus/fatturapa/libxml2-bindings';
import { PARSE_OPTIONS } from '@fiscus/fatturapa/document-parser';
import { ParseOption } from 'libxml2-wasm';
import type { KsefForm } from '../codec/descriptor.ts';
import { validatorOf } from './xsd.ts';

/**
 * The fast lane of layers 1-2 for the usual invoice: well-formed and valid. libxml2 is driven
 * through @fiscus/fatturapa's internal bindings (no wrapper, parser context or error list per
 * document, one validation context per form) and only says yes or "not sure": any error sends
 * the invoice down the full path (xsd.ts), which words the findings. Undefined bindings (another
 * libxml2-wasm release) mean no fast lane.
 */

// libxml2 level of a diagnostic that makes the document unusable (errors and fatal errors).
const XML_ERR_ERROR = 2;
// A parser context is reused from one document to the next (libxml2 resets it for each read);
// its dictionary of names keeps growing, so it is replaced after this much input.
const CONTEXT_INPUT_LIMIT = 8 * 1024 * 1024;

/**
 * parseInvoice's options, with COMPACT: short texts stored inside their nodes (fewer allocations
 * to make and free; the same tree to read, the same verdicts).
 */
export const QUICK_PARSE_OPTIONS = PARSE_OPTIONS | ParseOption.XML_PARSE_COMPACT;
/**
 * With NOBLANKS too, for markup of elements only (no comment, CDATA section or processing
 * instruction). libxml2 then drops a blank text node only when a tag follows it and its parent
 * has an element child (areBlanks: "<a>  </a>" and blanks before "&", text or markup of another
 * kind stay): the blanks of element-only content, which the XSD ignores (the KSeF schemas have
 * no mixed content), or of a simple-content element that already has an element child, which
 * the XSD refuses anyway. No value a check reads changes; fewer nodes to make, validate and free.
 */
export const PLAIN_PARSE_OPTIONS = QUICK_PARSE_OPTIONS | ParseOption.XML_PARSE_NOBLANKS;

/**
 * One parser context per set of options (older libxml2 releases kept NOBLANKS's handler on a
 * context for the reads after): its pointer and how much input it has read.
 */
const parserContexts = [
  { options: QUICK_PARSE_OPTIONS, context: 0, input: 0 },
  { options: PLAIN_PARSE_OPTIONS, context: 0, input: 0 },
];
let parseErrors = 0;
let schemaErrors = 0;
let parseHandler: number | undefined;
let schemaHandler: number | undefined;
const validationContexts = new Map<KsefForm, number>();

function handlers(api: Libxml2Bindings): { parse: number; schema: number } {
  parseHandler ??= api.addFunction((_data, error) => {
    if (api.XmlErrorStruct.level(error) >= XML_ERR_ERROR) parseErrors += 1;
  }, 'vii');
  schemaHandler ??= api.addFunction(() => {
    schemaErrors += 1;
  }, 'vii');
  return { parse: parseHandler, schema: schemaHandler };
}

/**
 * `bytes` parsed by libxml2 as `parseInvoice` parses them (no encoding forced: the layer-1
 * accepted declaration decides; `plain`: markup of elements only, blanks between them left
 * out): the document's pointer, to be freed with `freeQuickly`, or 0 for any error.
 */
export function parseQuickly(
  bytes: Uint8Array,
  { plain = false }: { plain?: boolean } = {},
): number {
  const api = libxml2;
  if (!api) return 0;
  const { parse } = handlers(api);
  const parser = parserContexts[plain ? 1 : 0];
  if (!parser) return 0;
  if (parser.context === 0 || parser.input > CONTEXT_INPUT_LIMIT) {
    if (parser.context !== 0) api.xmlFreeParserCtxt(parser.context);
    parser.context = api.xmlNewParserCtxt();
    parser.input = 0;
    if (parser.context === 0) return 0;
  }
  parser.input += bytes.length;
  api.xmlCtxtSetErrorHandler(parser.context, parse, 0);
  parseErrors = 0;
  let document: number;
  try {
    document = api.xmlReadMemory(parser.context, bytes, null, null, parser.options);
  } catch {
    // Whatever state the context was left in, the next document gets a new one.
    parser.context = 0;
    return 0;
  }
  if (document !== 0 && parseErrors > 0) {
    api.xmlFreeDoc(document);
    return 0;
  }
  return document;
}

export function freeQuickly(document: number): void {
  libxml2?.xmlFreeDoc(document);
}

/** Whether the document is valid against the XSD of `form` (false: errors, or not sure). */
export function validQuickly(document: number, form: KsefForm): boolean {
  const api = libxml2;
  if (!api) return false;
  const schema = pointerOf(validatorOf(form));
  if (schema === 0) return false;
  const { schema: handler } = handlers(api);
  let context = validationContexts.get(form) ?? 0;
  if (context === 0) {
    context = api.xmlSchemaNewValidCtxt(schema);
    if (context === 0) return false;
    api.xmlSchemaSetValidStructuredErrors(context, handler, 0);
    validationContexts.set(form, context);
  }
  schemaErrors = 0;
  try {
    return api.xmlSchemaValidateDoc(context, document) === 0 && schemaErrors === 0;
  } catch {
    validationContexts.delete(form);
    return false;
  }
}
