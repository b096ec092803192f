import {
  XmlBufferInputProvider,
  XmlDocument,
  XmlElement,
  XmlParseError,
  XsdValidator,
  xmlRegisterInputProvider,
  type ErrorDetail,
  type XmlNode,
} from 'libxml2-wasm';
import { ROOT_TYPE, typesOf, type TypeDescriptors } from '../codec/descriptor.ts';
import { readLibxml2Tree } from '../codec/libxml2-tree-reader.ts';
import type { Finding } from '../findings.ts';
import type { InvoiceFormat } from '../model/index.ts';
import {
  validateBounded,
  validatePointers,
  type BoundedValidation,
} from './bounded-xsd-validation.ts';
import { PARSE_ENCODING, PARSE_OPTIONS, parseWellFormed } from './document-parser.ts';
import { libxml2, pointerOf } from './libxml2-bindings.ts';
import { typeAtXPath, xpathToPropertyPath } from './property-path.ts';
import {
  schemaReasonMessage,
  schemaReasonOf,
  targetXPath,
  type SchemaReason,
} from './schema-reason.ts';
import { readSchemaFile } from './schema-files.ts';

/** Where the official XSDs import xmldsig from; served from our local copy, never fetched. */
const XMLDSIG_LOCATION =
  'http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd';

/** SDI stops listing format errors after 50 (code 00201); we keep the same cap. */
const MAX_SCHEMA_FINDINGS = 50;

let validators: { ordinary: XsdValidator; simplified: XsdValidator } | undefined;

function loadValidators(): { ordinary: XsdValidator; simplified: XsdValidator } {
  if (!validators) {
    xmlRegisterInputProvider(
      new XmlBufferInputProvider({ [XMLDSIG_LOCATION]: readSchemaFile('xmldsig-core-schema.xsd') }),
    );
    const load = (file: string): XsdValidator => {
      const schemaDocument = XmlDocument.fromBuffer(readSchemaFile(file), { url: file });
      return XsdValidator.fromDoc(schemaDocument);
    };
    validators = {
      ordinary: load('Schema_VFPA12_V1.2.3.xsd'),
      simplified: load('Schema_VFSM10.xsd'),
    };
  }
  return validators;
}

export type SchemaValidation =
  { wellFormed: true; findings: Finding[] } | { wellFormed: false; findings: Finding[] };

const defaultNamespaceStep = /\/\*/;

/**
 * libxml2 writes `*` for an element in a default namespace (children wrongly qualified with
 * `xmlns="…"`): find the node and spell its path out with local names and positions.
 */
function concreteXPath(document: XmlDocument, xpath: string): string {
  if (!defaultNamespaceStep.test(xpath)) return xpath;
  let node: XmlNode | null;
  try {
    node = document.get(xpath);
  } catch {
    return xpath;
  }
  const steps: string[] = [];
  for (let element = node instanceof XmlElement ? node : null; element; element = element.parent) {
    let position = 1;
    for (let sibling = element.prev; sibling; sibling = sibling.prev) {
      if (sibling instanceof XmlElement && sibling.name === element.name) position += 1;
    }
    steps.unshift(`${element.name}[${position}]`);
  }
  return steps.length > 0 ? `/${steps.join('/')}` : xpath;
}

/** Longest quoted value kept in a message: libxml2 quotes the offending value whole (1 MB…). */
const MAX_QUOTED_VALUE = 80;

/**
 * libxml2's message with each quoted value ('…') longer than 80 characters cut short, so a
 * 1 MB value is not sent back in every finding. One pass, no regular expression.
 */
export function shortenQuotedValues(message: string): string {
  let shortened = '';
  let from = 0;
  for (;;) {
    const open = message.indexOf("'", from);
    if (open === -1) return shortened + message.slice(from);
    // libxml2 cuts its message at 64,000 bytes: a long value may have no closing quote.
    const found = message.indexOf("'", open + 1);
    const close = found === -1 ? message.length : found;
    const length = close - open - 1;
    shortened += message.slice(from, open + 1);
    shortened +=
      length > MAX_QUOTED_VALUE
        ? `${message.slice(open + 1, open + 1 + MAX_QUOTED_VALUE)}…`
        : message.slice(open + 1, close);
    if (found === -1) return shortened;
    shortened += "'";
    from = close + 1;
  }
}

/**
 * An element found where others were expected points at the first expected one only when that
 * one is required (a required element is missing); otherwise the found one is out of place.
 */
function settledReason(
  reason: SchemaReason | undefined,
  xpath: string,
  types: TypeDescriptors,
): SchemaReason | undefined {
  if (reason?.target?.kind !== 'sibling') return reason;
  const parentType = typeAtXPath(xpath.slice(0, Math.max(0, xpath.lastIndexOf('/'))), types);
  const children = parentType ? types[parentType] : undefined;
  const expected = (reason.params.expected ?? '').split(', ');
  const required = expected.find((name) =>
    children?.some((child) => child.name === name && !child.optional),
  );
  if (required) {
    return {
      ...reason,
      params: { ...reason.params, element: required },
      target: { kind: 'sibling', element: required },
    };
  }
  return {
    key: 'schema.unexpectedElement',
    params: { element: reason.params.found ?? '', expected: reason.params.expected ?? '' },
  };
}

/** `document` is only needed for XPaths with a default-namespace step (see concreteXPath). */
function detailToFinding(
  detail: ErrorDetail,
  types: TypeDescriptors,
  document?: XmlDocument,
): Finding {
  const message = shortenQuotedValues(detail.message.trim());
  const found =
    detail.xpath && document ? concreteXPath(document, detail.xpath) : (detail.xpath ?? '');
  // Read from libxml2's own text: shortening may cut a long namespace out of an element's name.
  const reason = settledReason(schemaReasonOf(detail.message.trim()), found, types);
  const xpath = targetXPath(found, reason);
  const propertyPath = xpath ? xpathToPropertyPath(xpath, types) : '';
  if (!reason) {
    return {
      layer: 'schema',
      code: '00200',
      propertyPath,
      message: `Line ${detail.line}: ${message}`,
      messageIt: `File non conforme al formato (riga ${detail.line}): ${message}`,
    };
  }
  const messages = {
    it: schemaReasonMessage(reason, 'it'),
    en: schemaReasonMessage(reason, 'en'),
    pl: schemaReasonMessage(reason, 'pl'),
  };
  return {
    layer: 'schema',
    code: '00200',
    propertyPath,
    message: `Line ${detail.line}: ${messages.en}`,
    messageIt: `File non conforme al formato (riga ${detail.line}): ${messages.it}`,
    messageKey: reason.key,
    params: reason.params,
    messages,
  };
}

// libxml2 itself only warns about a namespace name that is not a valid URI (xmllint accepts
// such files, and real ones exist: a stray `&quot;` or a space in an unused xmlns:xx), but
// libxml2-wasm treats that diagnostic as fatal. We percent-encode those characters and retry.
const namespaceUriError = /is not a valid URI/;
const namespaceDeclaration = /(xmlns(?::[\w.-]+)?\s*=\s*)("[^"]*"|'[^']*')/g;

/** The document with its namespace URIs percent-escaped where libxml2 refuses them as URIs. */
export function escapeNamespaceUris(xml: string): string {
  return xml.replace(namespaceDeclaration, (_match, head: string, quoted: string) => {
    const quote = quoted[0] ?? '"';
    const value = quoted
      .slice(1, -1)
      .replace(/&quot;/g, '%22')
      .replace(/&apos;/g, '%27')
      .replace(/\s/g, '%20');
    return `${head}${quote}${value}${quote}`;
  });
}

const PARSE_DOCUMENT_OPTIONS = { encoding: PARSE_ENCODING, option: PARSE_OPTIONS };

const utf8Encoder = new TextEncoder();

function parseDocument(xml: string, utf8: Uint8Array): XmlDocument {
  try {
    // Encoding natively and handing libxml2 the bytes is several times faster than
    // `fromString`, whose UTF-8 conversion runs in JavaScript character by character.
    return XmlDocument.fromBuffer(utf8, PARSE_DOCUMENT_OPTIONS);
  } catch (error) {
    const onlyNamespaceUris =
      error instanceof XmlParseError &&
      error.details.length > 0 &&
      error.details.every((detail) => namespaceUriError.test(detail.message));
    if (!onlyNamespaceUris) throw error;
    return XmlDocument.fromBuffer(
      utf8Encoder.encode(escapeNamespaceUris(xml)),
      PARSE_DOCUMENT_OPTIONS,
    );
  }
}

function schemaFindings(
  validation: BoundedValidation,
  describe: (detail: ErrorDetail) => Finding,
): Finding[] {
  const findings = validation.details.map(describe);
  if (validation.total > 0 && findings.length === 0) {
    findings.push({
      layer: 'schema',
      code: '00200',
      propertyPath: '',
      message: 'The file does not conform to the schema',
      messageIt: 'File non conforme al formato',
    });
  }
  if (validation.total > MAX_SCHEMA_FINDINGS) {
    findings.push({
      layer: 'schema',
      code: '00201',
      propertyPath: '',
      message: `${validation.total} format errors: only the first ${MAX_SCHEMA_FINDINGS} are listed`,
      messageIt: `Riscontrati ${validation.total} errori di formato: elencati i primi ${MAX_SCHEMA_FINDINGS}`,
    });
  }
  return findings;
}

/**
 * Whether a schema-valid verdict on the document parsed without its indentation (libxml2's
 * NOBLANKS, less to parse and validate) holds for the document as written, and its values are
 * the same. libxml2 only drops a run of blanks next to a child element (never a leaf's only
 * text, never blanks after text); whitespace between elements is allowed wherever elements
 * are, and a leaf of a valid document has no element child. Comments, CDATA sections and
 * processing instructions would let a leaf's blanks sit next to something else: such files are
 * not eligible. An invalid verdict is never kept: the document is validated again as written.
 */
function blanksDroppable(xml: string): boolean {
  return !xml.includes('<!') && xml.indexOf('<?', 1) === -1;
}

/**
 * Parses and validates on libxml2's pointers (see libxml2-bindings.ts); with `dropBlanks`, only
 * a schema-valid verdict is returned (see blanksDroppable). Undefined when the document is not
 * well-formed, when its errors need an XPath evaluated on it, or when a step fails: the caller
 * takes another way.
 */
function validateParsed(
  validator: XsdValidator,
  types: TypeDescriptors,
  utf8: Uint8Array,
  tree: TreeRequest | undefined,
  dropBlanks: boolean,
): SchemaValidationWithTree | undefined {
  const schema = pointerOf(validator);
  if (!libxml2 || schema === 0) return undefined;
  const document = parseWellFormed(libxml2, utf8, { dropBlanks });
  if (document === 0) return undefined;
  try {
    const validation = validatePointers(libxml2, schema, document, MAX_SCHEMA_FINDINGS);
    if (dropBlanks && validation.total > 0) return undefined;
    const needsDocument = validation.details.some(
      (detail) => detail.xpath !== undefined && defaultNamespaceStep.test(detail.xpath),
    );
    if (needsDocument) return undefined;
    const findings = schemaFindings(validation, (detail) => detailToFinding(detail, types));
    // Read last: the tree reader takes libxml2's memory as it is once nothing allocates.
    const read = tree && readLibxml2Tree(document, types, ROOT_TYPE, tree);
    return { wellFormed: true, findings, ...(read ? { tree: read } : {}) };
  } catch {
    return undefined;
  } finally {
    libxml2.xmlFreeDoc(document);
  }
}

/**
 * The common case: a well-formed document whose errors, if any, need no XPath evaluated on it.
 * Undefined for everything else, which `validateDocument` describes (it parses again).
 */
function validateFast(
  xml: string,
  validator: XsdValidator,
  types: TypeDescriptors,
  utf8: Uint8Array,
  tree: TreeRequest | undefined,
): SchemaValidationWithTree | undefined {
  const withoutBlanks = blanksDroppable(xml)
    ? validateParsed(validator, types, utf8, tree, true)
    : undefined;
  return withoutBlanks ?? validateParsed(validator, types, utf8, tree, false);
}

/**
 * Parses the XML with libxml2 (well-formedness, layer 'xml') and validates it against the
 * official XSD of the format (1.2.3 for FPA12/FPR12, VFSM10 for FSM10), layer 'schema'.
 * Schemas are compiled once per process. Never throws.
 */
export function validateAgainstSchema(xml: string, format: InvoiceFormat): SchemaValidation {
  return validateSchemaOfText(xml, format);
}

/** What readLibxml2Tree needs to know of the text. */
interface TreeRequest {
  /** The root element's local name. */
  rootName: string;
  /** The text has a CR (libxml2 changed its line breaks). */
  hadCr: boolean;
}

export interface SchemaTextOptions {
  /** The text's UTF-8 bytes when the caller has them (a UTF-8 file's): not encoded again. */
  utf8?: Uint8Array;
  /**
   * Also convert the document into the JSON model from libxml2's tree, whose root element has
   * this name (see readLibxml2Tree). Done when it can be, in `tree`.
   */
  treeRoot?: string;
}

/** A schema validation with, when asked and possible, the root element read from libxml2. */
export type SchemaValidationWithTree = SchemaValidation & { tree?: Record<string, unknown> };

/**
 * `validateAgainstSchema` for validation's own use: given the text's UTF-8 bytes when there are
 * some, and reading the model from the same parse when asked (`SchemaTextOptions`).
 */
export function validateSchemaOfText(
  xml: string,
  format: InvoiceFormat,
  { utf8 = utf8Encoder.encode(xml), treeRoot }: SchemaTextOptions = {},
): SchemaValidationWithTree {
  const { ordinary, simplified } = loadValidators();
  const validator = format === 'FSM10' ? simplified : ordinary;
  const types = typesOf(format);
  const tree =
    treeRoot === undefined ? undefined : { rootName: treeRoot, hadCr: xml.includes('\r') };
  return (
    validateFast(xml, validator, types, utf8, tree) ?? validateDocument(xml, utf8, validator, types)
  );
}

function validateDocument(
  xml: string,
  utf8: Uint8Array,
  validator: XsdValidator,
  types: TypeDescriptors,
): SchemaValidation {
  let document: XmlDocument;
  try {
    document = parseDocument(xml, utf8);
  } catch (error) {
    const details = error instanceof XmlParseError ? error.details : [];
    const first = details[0];
    return {
      wellFormed: false,
      findings: [
        {
          layer: 'xml',
          code: 'xml-malformed',
          propertyPath: '',
          message: first
            ? `Malformed XML at line ${first.line}, column ${first.col}: ${first.message.trim()}`
            : `Malformed XML: ${error instanceof Error ? error.message : String(error)}`,
          messageIt: first
            ? `XML non ben formato alla riga ${first.line}, colonna ${first.col}`
            : 'XML non ben formato',
        },
      ],
    };
  }
  try {
    const validation = validateBounded(validator, document, MAX_SCHEMA_FINDINGS);
    const findings = schemaFindings(validation, (detail) =>
      detailToFinding(detail, types, document),
    );
    return { wellFormed: true, findings };
  } catch (error) {
    return {
      wellFormed: true,
      findings: [
        {
          layer: 'schema',
          code: '00200',
          propertyPath: '',
          message: `Schema validation failed: ${error instanceof Error ? error.message : String(error)}`,
          messageIt: 'File non conforme al formato',
        },
      ],
    };
  } finally {
    document.dispose();
  }
}
