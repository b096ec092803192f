import {
  ParseOption,
  XmlBufferInputProvider,
  XmlDocument,
  XmlElement,
  XmlParseError,
  XsdValidator,
  xmlRegisterInputProvider,
  type ErrorDetail,
  type XmlNode,
} from 'libxml2-wasm';
import type { TypeDescriptors } from '../codec/descriptor.ts';
import { ordinaryTypes, simplifiedTypes } from '../codec/descriptor.generated.ts';
import type { Finding } from '../findings.ts';
import type { InvoiceFormat } from '../model/index.ts';
import { validateBounded } from './bounded-xsd-validation.ts';
import { xpathToPropertyPath } from './property-path.ts';
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

/**
 * libxml2 writes `*` for an element in a default namespace (children wrongly qualified with
 * `xmlns="…"`): find the node and spell its path out with local names and positions.
 */
function concreteXPath(document: XmlDocument, xpath: string): string {
  if (!/\/\*/.test(xpath)) return xpath;
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

function detailToFinding(
  detail: ErrorDetail,
  types: TypeDescriptors,
  document: XmlDocument,
): Finding {
  const message = detail.message.trim();
  return {
    layer: 'schema',
    code: '00200',
    propertyPath: detail.xpath
      ? xpathToPropertyPath(concreteXPath(document, detail.xpath), types)
      : '',
    message: `Line ${detail.line}: ${message}`,
    messageIt: `File non conforme al formato (riga ${detail.line}): ${message}`,
  };
}

// libxml2 itself only warns about a namespace name that is not a valid URI (xmllint accepts
// such files, and real ones exist: a stray `&quot;` or a space in an unused xmlns:xx), but
// libxml2-wasm treats that diagnostic as fatal. We percent-encode those characters and retry.
const namespaceUriError = /is not a valid URI/;
const namespaceDeclaration = /(xmlns(?::[\w.-]+)?\s*=\s*)("[^"]*"|'[^']*')/g;

function escapeNamespaceUris(xml: string): string {
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

// The text is already decoded: force UTF-8 whatever the declaration says (ISO-8859-1 files).
// BIG_LINES: real line numbers past 65535 in findings; NONET: never fetch anything.
const PARSE_OPTIONS = {
  encoding: 'utf-8',
  option: ParseOption.XML_PARSE_BIG_LINES | ParseOption.XML_PARSE_NONET,
};

const utf8 = new TextEncoder();

function parseDocument(xml: string): XmlDocument {
  try {
    // Encoding natively and handing libxml2 the bytes is several times faster than
    // `fromString`, whose UTF-8 conversion runs in JavaScript character by character.
    return XmlDocument.fromBuffer(utf8.encode(xml), PARSE_OPTIONS);
  } catch (error) {
    const onlyNamespaceUris =
      error instanceof XmlParseError &&
      error.details.length > 0 &&
      error.details.every((detail) => namespaceUriError.test(detail.message));
    if (!onlyNamespaceUris) throw error;
    return XmlDocument.fromBuffer(utf8.encode(escapeNamespaceUris(xml)), PARSE_OPTIONS);
  }
}

/**
 * Parses the XML with libxml2 (well-formedness, layer 'xml') and validates it against the
 * official XSD of the format (1.2.3 for FPA12/FPR12, VFSM10 for FSM10), layer 'schema'.
 * Schemas are compiled once per process. Never throws.
 */
export function validateAgainstSchema(xml: string, format: InvoiceFormat): SchemaValidation {
  const { ordinary, simplified } = loadValidators();
  const types = format === 'FSM10' ? simplifiedTypes : ordinaryTypes;
  let document: XmlDocument;
  try {
    document = parseDocument(xml);
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
    const validation = validateBounded(
      format === 'FSM10' ? simplified : ordinary,
      document,
      MAX_SCHEMA_FINDINGS,
    );
    const findings = validation.details.map((detail) => detailToFinding(detail, types, document));
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
