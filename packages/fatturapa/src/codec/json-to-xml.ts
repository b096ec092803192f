import type { InvoiceFormat } from '../model/index.ts';
import type { ChildDescriptor, TypeDescriptors } from './descriptor.ts';
import { ordinaryTypes, simplifiedTypes } from './descriptor.generated.ts';
import { NAMESPACE_OF_FORMAT, ROOT_ELEMENT, XMLDSIG_NAMESPACE } from './namespaces.ts';

/** A part of the JSON that could not be written as the schema expects. */
export interface JsonShapeProblem {
  propertyPath: string;
  message: string;
}

export interface JsonToXmlOptions {
  /** Indentation per level (default two spaces); `''` writes everything on one line. */
  indent?: string;
  /** Receives the parts of the JSON that do not fit the schema (unknown keys, wrong shapes). */
  problems?: JsonShapeProblem[];
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => escapes[char] ?? char);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface WriteContext {
  types: TypeDescriptors;
  /** The XML written so far: one growing string (V8 ropes), far lighter on GC than an array. */
  xml: string;
  indent: string;
  newline: string;
  problems: JsonShapeProblem[] | undefined;
}

function leafValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // Numbers and booleans from hand-written JSON are written as their text; amounts should be
  // strings already, this only avoids dropping data.
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  return undefined;
}

function writeElement(
  context: WriteContext,
  child: ChildDescriptor,
  value: unknown,
  depth: number,
  path: string,
): void {
  const pad = context.indent.repeat(depth);
  if (child.complex) {
    if (!isRecord(value)) {
      context.problems?.push({ propertyPath: path, message: `${child.key} must be an object` });
      return;
    }
    if (!hasChildren(context.types, child.complex, value)) {
      context.xml += `${context.newline}${pad}<${child.name}/>`;
      // Written empty: whatever keys it holds are unknown to its type, and lost unless reported.
      reportUnknownKeys(context, child.complex, value, `${path}.`);
      return;
    }
    context.xml += `${context.newline}${pad}<${child.name}>`;
    writeChildren(context, child.complex, value, depth + 1, path);
    context.xml += `${context.newline}${pad}</${child.name}>`;
    return;
  }
  const text = leafValue(value);
  if (text === undefined) {
    context.problems?.push({ propertyPath: path, message: `${child.key} must be a string` });
    return;
  }
  context.xml += `${context.newline}${pad}<${child.name}>${escapeXml(text)}</${child.name}>`;
}

/** Whether a complex value has any child to write (else it is written `<Name/>`). */
function hasChildren(
  types: TypeDescriptors,
  typeName: string,
  value: Record<string, unknown>,
): boolean {
  return (types[typeName] ?? []).some((child) => {
    const childValue = value[child.key];
    return (
      childValue !== undefined &&
      childValue !== null &&
      (!Array.isArray(childValue) || childValue.length > 0)
    );
  });
}

function writeChildren(
  context: WriteContext,
  typeName: string,
  value: Record<string, unknown>,
  depth: number,
  path: string,
): void {
  const children = context.types[typeName] ?? [];
  const prefix = path ? `${path}.` : '';
  for (const child of children) {
    const childValue = value[child.key];
    if (childValue === undefined || childValue === null) continue;
    if (Array.isArray(childValue)) {
      if (!child.many && childValue.length > 1) {
        context.problems?.push({
          propertyPath: `${prefix}${child.key}`,
          message: `${child.key} cannot repeat`,
        });
      }
      childValue.forEach((item, index) =>
        writeElement(context, child, item, depth, `${prefix}${child.key}[${index}]`),
      );
    } else {
      const childPath = child.many ? `${prefix}${child.key}[0]` : `${prefix}${child.key}`;
      writeElement(context, child, childValue, depth, childPath);
    }
  }
  reportUnknownKeys(context, typeName, value, prefix);
}

/** The keys of each type's children, made once per type (per format's descriptors). */
const knownKeysByType = new WeakMap<TypeDescriptors, Map<string, ReadonlySet<string>>>();

function knownKeys(types: TypeDescriptors, typeName: string): ReadonlySet<string> {
  let byType = knownKeysByType.get(types);
  if (!byType) {
    byType = new Map();
    knownKeysByType.set(types, byType);
  }
  let keys = byType.get(typeName);
  if (!keys) {
    keys = new Set((types[typeName] ?? []).map((child) => child.key));
    byType.set(typeName, keys);
  }
  return keys;
}

/**
 * Reports (when problems are collected) each key of `value` its type does not know: the writer
 * skips them. `sistema_emittente` of the root is the `SistemaEmittente` attribute, written and
 * checked by `jsonToXml` itself.
 */
function reportUnknownKeys(
  context: WriteContext,
  typeName: string,
  value: Record<string, unknown>,
  prefix: string,
): void {
  if (!context.problems) return;
  const known = knownKeys(context.types, typeName);
  const isRoot = typeName === 'FatturaElettronica' && prefix === '';
  for (const key of Object.keys(value)) {
    if (isRoot && key === 'sistema_emittente') continue;
    if (!known.has(key)) {
      context.problems.push({ propertyPath: `${prefix}${key}`, message: `Unknown field ${key}` });
    }
  }
}

/**
 * The root's `SistemaEmittente` attribute (FPA12 and FPR12 only): its text, undefined when the
 * invoice has none; a value the attribute cannot hold is reported, not silently left out.
 */
function sistemaEmittenteOf(
  record: Record<string, unknown>,
  format: InvoiceFormat,
  problems: JsonShapeProblem[] | undefined,
): string | undefined {
  const value = record.sistema_emittente;
  if (value === undefined || value === null) return undefined;
  if (format === 'FSM10') {
    problems?.push({
      propertyPath: 'sistema_emittente',
      message: 'sistema_emittente has no place in a simplified invoice (FSM10)',
    });
    return undefined;
  }
  const text = leafValue(value);
  if (text === undefined) {
    problems?.push({
      propertyPath: 'sistema_emittente',
      message: 'sistema_emittente must be a string',
    });
  }
  return text;
}

/**
 * Writes the snake_case JSON model as FatturaPA XML the way SDI accepts it: root
 * `p:FatturaElettronica` (or `p:FatturaElettronicaSemplificata`) in the format's namespace with
 * `versione`, unqualified children in schema order. Keys the schema does not know are skipped and reported
 * through `options.problems`, at any depth (inside an element written empty too), as is a
 * `sistema_emittente` the root cannot hold.
 */
export function jsonToXml(
  invoice: object,
  format: InvoiceFormat,
  options: JsonToXmlOptions = {},
): string {
  const indent = options.indent ?? '  ';
  const context: WriteContext = {
    types: format === 'FSM10' ? simplifiedTypes : ordinaryTypes,
    xml: '',
    indent,
    newline: indent === '' ? '' : '\n',
    problems: options.problems,
  };
  const root = ROOT_ELEMENT[format];
  const record = isRecord(invoice) ? invoice : {};
  const sistemaEmittente = sistemaEmittenteOf(record, format, options.problems);
  const attributes = [
    `xmlns:ds="${XMLDSIG_NAMESPACE}"`,
    `xmlns:p="${NAMESPACE_OF_FORMAT[format]}"`,
    `versione="${format}"`,
    ...(sistemaEmittente !== undefined
      ? [`SistemaEmittente="${escapeXml(sistemaEmittente)}"`]
      : []),
  ];
  context.xml = `<?xml version="1.0" encoding="UTF-8"?>${context.newline}<p:${root} ${attributes.join(' ')}>`;
  writeChildren(context, 'FatturaElettronica', record, 1, '');
  context.xml += `${context.newline}</p:${root}>${context.newline}`;
  return context.xml;
}

/** The format an invoice declares in `dati_trasmissione.formato_trasmissione` (FPR12 if none). */
export function declaredFormat(invoice: object): InvoiceFormat {
  const header = (invoice as { fattura_elettronica_header?: unknown }).fattura_elettronica_header;
  const transmission = isRecord(header) ? header.dati_trasmissione : undefined;
  const declared = isRecord(transmission) ? transmission.formato_trasmissione : undefined;
  return declared === 'FPA12' || declared === 'FSM10' ? declared : 'FPR12';
}
