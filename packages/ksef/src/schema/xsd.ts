import {
  XmlBufferInputProvider,
  XmlDocument,
  XmlElement,
  XmlParseError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';
import { validateBounded } from '@fiscus/fatturapa/bounded-xsd-validation';
import { PARSE_OPTIONS } from '@fiscus/fatturapa/document-parser';
import {
  schemaReasonMessage,
  schemaReasonOf,
  type SchemaReason,
} from '@fiscus/fatturapa/schema-reason';
import {
  childrenOf,
  FORMS,
  formOfNamespace,
  type ChildDescriptor,
  type KsefForm,
} from '../codec/descriptor.ts';
import { makeFinding, type KsefFinding } from '../findings.ts';
import { readSchemaFile } from './schema-files.ts';

/** Where the official schemas import the shared MF type libraries from: served locally. */
export const BAZOWE_URL =
  'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/';
export const BAZOWE = [
  'StrukturyDanych_v10-0E.xsd',
  'ElementarneTypyDanych_v10-0E.xsd',
  'KodyKrajow_v10-0E.xsd',
];
export const SCHEMA_FILES: Record<KsefForm, string> = {
  'FA(3)': 'FA/schemat_FA(3)_v1-0E.xsd',
  'FA(2)': 'FA/schemat_FA(2)_v1-0E.xsd',
  'FA_RR(1)': 'RR/schemat_FA_RR(1)_v1-1E.xsd',
};

/** KSeF lists this many schema errors at most; the rest are counted. */
const MAX_SCHEMA_FINDINGS = 50;

let registered = false;
const validators = new Map<KsefForm, XsdValidator>();

export function validatorOf(form: KsefForm): XsdValidator {
  let validator = validators.get(form);
  if (!validator) {
    if (!registered) {
      xmlRegisterInputProvider(
        new XmlBufferInputProvider(
          Object.fromEntries(
            BAZOWE.map((file) => [`${BAZOWE_URL}${file}`, readSchemaFile(`FA/bazowe/${file}`)]),
          ),
        ),
      );
      registered = true;
    }
    const file = SCHEMA_FILES[form];
    const schemaDocument = XmlDocument.fromBuffer(readSchemaFile(file), { url: file });
    validator = XsdValidator.fromDoc(schemaDocument);
    validators.set(form, validator);
  }
  return validator;
}

/** A parsed invoice: its libxml2 document (dispose it) and form. */
export interface ParsedInvoice {
  document: XmlDocument;
  root: XmlElement;
  form?: KsefForm;
}

/** libxml2's message without the `{namespace}` before each element name. One pass. */
function withoutNamespaces(message: string): string {
  let result = '';
  let from = 0;
  for (;;) {
    const open = message.indexOf('{', from);
    const close = open === -1 ? -1 : message.indexOf('}', open);
    if (close === -1) return result + message.slice(from);
    result += message.slice(from, open);
    from = close + 1;
  }
}

function shorten(message: string): string {
  const oneLine = withoutNamespaces(message.trim());
  return oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
}

/**
 * Parses the (layer-1 accepted) UTF-8 bytes with libxml2, never touching the network, and
 * finds the form from the root's namespace. Malformed XML gives an `xml` finding; a root that
 * is no KSeF invoice a `schema` finding.
 */
export function parseInvoice(bytes: Uint8Array): {
  parsed?: ParsedInvoice;
  findings: KsefFinding[];
} {
  let document: XmlDocument;
  try {
    document = XmlDocument.fromBuffer(bytes, { option: PARSE_OPTIONS });
  } catch (error) {
    const detail = error instanceof XmlParseError ? error.details[0] : undefined;
    const where = detail ? ` (line ${detail.line})` : '';
    const reason = detail ? shorten(detail.message) : 'not well-formed';
    return {
      findings: [
        makeFinding(
          'xml',
          'xml-malformed',
          '',
          `The file is not well-formed XML${where}: ${reason}`,
          `Plik nie jest poprawnym dokumentem XML${where.replace('line', 'wiersz')}: ${reason}`,
        ),
      ],
    };
  }
  const root = document.root;
  const form = formOfNamespace(root.namespaceUri);
  if (!form || root.name !== FORMS[form].root) {
    const found = `${root.namespaceUri ? `{${root.namespaceUri.slice(0, 100)}}` : ''}${root.name.slice(0, 50)}`;
    document.dispose();
    return {
      findings: [
        makeFinding(
          'schema',
          'schema-unknown-root',
          '',
          `The root element ${found} is not a KSeF invoice (Faktura of FA(3), FA(2) or FA_RR(1) in its namespace)`,
          `Element główny ${found} nie jest fakturą KSeF (Faktura FA(3), FA(2) lub FA_RR(1) w jej przestrzeni nazw)`,
        ),
      ],
    };
  }
  return { parsed: { document, root, form }, findings: [] };
}

/**
 * The JSON path of `element` (`Faktura.Fa.FaWiersz[1].P_11`) and its complex type in the form:
 * the repeating elements get their 0-based index among the siblings of the same name.
 */
function locate(element: XmlElement, form: KsefForm): { path: string; type?: string } {
  const chain: XmlElement[] = [];
  for (let node: XmlElement | null = element; node; node = node.parent) chain.unshift(node);
  let type: string | undefined = FORMS[form].root;
  const steps = [chain[0]?.name ?? ''];
  for (const node of chain.slice(1)) {
    const child: ChildDescriptor | undefined = type
      ? childrenOf(form, type).get(node.name)
      : undefined;
    type = child?.type;
    if (child?.many) {
      let index = 0;
      for (let sibling = node.prev; sibling; sibling = sibling.prev) {
        if (sibling instanceof XmlElement && sibling.name === node.name) index += 1;
      }
      steps.push(`${node.name}[${index}]`);
    } else {
      steps.push(node.name);
    }
  }
  return type === undefined ? { path: steps.join('.') } : { path: steps.join('.'), type };
}

/** The JSON path of `element` (`Faktura.Fa.FaWiersz[1].P_11`, array indexes from 0). */
export function jsonPathOf(element: XmlElement, form: KsefForm): string {
  return locate(element, form).path;
}

function elementAt(document: XmlDocument, xpath: string | undefined): XmlElement | undefined {
  if (!xpath) return undefined;
  try {
    const node = document.get(xpath);
    return node instanceof XmlElement ? node : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An element found where others were expected: the problem is the first expected one that the
 * schema requires (it is missing); when none of them is required, the found one is out of place.
 */
function settle(reason: SchemaReason, found: XmlElement | undefined, form: KsefForm): SchemaReason {
  if (reason.target?.kind !== 'sibling') return reason;
  const parentType = found?.parent ? locate(found.parent, form).type : undefined;
  const children = parentType ? childrenOf(form, parentType) : undefined;
  const expected = (reason.params.expected ?? '').split(', ');
  const required = expected.find((name) => {
    const child = children?.get(name);
    return child !== undefined && child.optional !== true;
  });
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

/** The JSON path of what the reason is about: a missing child, or one expected before. */
function pathOf(element: XmlElement | undefined, form: KsefForm, reason?: SchemaReason): string {
  const path = element ? jsonPathOf(element, form) : '';
  const target = reason?.target;
  if (!target || !path) return path;
  if (target.kind === 'child') return `${path}.${target.element}`;
  const dot = path.lastIndexOf('.');
  return dot === -1 ? path : `${path.slice(0, dot)}.${target.element}`;
}

/**
 * libxml2's message as a reason in words (@fiscus/fatturapa's reading of libxml2's schema
 * errors), except the lengths it reads from a pattern's last `{m,n}`: the KSeF patterns end
 * with such counts of one part (the NIP's `\d{7}`), so a pattern error says only that the
 * value does not have the required format.
 */
function reasonOf(message: string): SchemaReason | undefined {
  const reason = schemaReasonOf(message);
  if (!reason || !message.includes("[facet 'pattern']")) return reason;
  const params: Record<string, string> = { element: reason.params.element ?? '' };
  const at = message.indexOf("The value '");
  const close = at === -1 ? -1 : message.indexOf("'", at + 11);
  const value = reason.params.value ?? (close === -1 ? undefined : message.slice(at + 11, close));
  if (value !== undefined) params.value = value;
  return { key: 'schema.invalidValue', params };
}

/** A quoted value of a message, cut to 80 characters: a 1 MB value is not sent back whole. */
function cut(reason: SchemaReason): SchemaReason {
  const value = reason.params.value;
  if (value === undefined || value.length <= 80) return reason;
  return { ...reason, params: { ...reason.params, value: `${value.slice(0, 80)}…` } };
}

/** Layer 2: the parsed invoice against the official XSD of its form (bazowe served locally). */
export function validateSchema(parsed: ParsedInvoice): KsefFinding[] {
  if (!parsed.form) return [];
  const form = parsed.form;
  const { details, total } = validateBounded(
    validatorOf(form),
    parsed.document,
    MAX_SCHEMA_FINDINGS,
  );
  const findings = details.map((detail) => {
    const element = elementAt(parsed.document, detail.xpath);
    const read = reasonOf(detail.message);
    const reason = read && settle(cut(read), element, form);
    const path = pathOf(element, form, reason);
    if (!reason) {
      const message = shorten(detail.message);
      return makeFinding(
        'schema',
        'schema-invalid',
        path,
        `Not valid against the ${form} schema (line ${detail.line}): ${message}`,
        `Niezgodność ze schematem ${form} (wiersz ${detail.line}): ${message}`,
      );
    }
    return makeFinding(
      'schema',
      'schema-invalid',
      path,
      `${schemaReasonMessage(reason, 'en')} (${form} schema, line ${detail.line})`,
      `${schemaReasonMessage(reason, 'pl')} (schemat ${form}, wiersz ${detail.line})`,
    );
  });
  if (total > details.length) {
    findings.push(
      makeFinding(
        'schema',
        'schema-more-errors',
        '',
        `${total - details.length} more schema errors`,
        `Kolejne błędy schematu: ${total - details.length}`,
      ),
    );
  }
  if (total > 0 && findings.length === 0) {
    findings.push(
      makeFinding(
        'schema',
        'schema-invalid',
        '',
        `Not valid against the ${form} schema`,
        `Niezgodność ze schematem ${form}`,
      ),
    );
  }
  return findings;
}
