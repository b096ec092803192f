/**
 * Reads what the 'create invoice from source' tab holds back into the guided form (issue 20,
 * "Work is never lost"): JSON as it is, FatturaPA XML through the engine's own XML reader
 * (`@fiscus/fatturapa/xml`, pure string work), so the form gets the same snake_case model the
 * server reads from the same file. Text that cannot be read says why instead of being dropped.
 * The other way, the form's invoice is written as the source tab's format (XML through the
 * engine's writer, `@fiscus/fatturapa/xml-writer`), and the tab's JSON and XML convert into each
 * other when the text can be read and written whole.
 */
import { declaredFormat, jsonToXml, type JsonShapeProblem } from '@fiscus/fatturapa/xml-writer';
import { xmlToJson } from '@fiscus/fatturapa/xml';
import type { InvoicePayload } from './invoice-form-types';
import type { InvoiceSource, SourceFormat, SourceType } from './invoice-source';

export type SourceReading =
  /** Nothing typed: the form keeps what it had. */
  | { kind: 'empty' }
  | { kind: 'invoice'; invoice: InvoicePayload; type: SourceType }
  /** `detail` is the reader's own words (in the user's language when it has them), for the translated message. */
  | { kind: 'unreadable'; format: InvoiceSource['format']; detail: string };

/** The invoice the source holds; XML decides its own type (FSM10 is simplified). */
export function readSource(source: InvoiceSource, language: string): SourceReading {
  if (source.content.trim() === '') return { kind: 'empty' };
  if (source.format === 'xml') {
    const read = xmlToJson(source.content);
    if (read.ok) {
      return {
        kind: 'invoice',
        invoice: read.invoice,
        type: read.format === 'FSM10' ? 'simplified' : 'simple',
      };
    }
    const finding = read.findings[0];
    const lang = language.slice(0, 2);
    const worded = lang === 'it' || lang === 'pl' ? finding?.messages?.[lang] : undefined;
    const detail = worded ?? (lang === 'it' ? finding?.messageIt : undefined) ?? finding?.message;
    // The notice goes on after the detail: no full stop of its own.
    return { kind: 'unreadable', format: 'xml', detail: (detail ?? '').replace(/\.$/, '') };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(source.content);
  } catch (error) {
    // The browser's parser words its errors in English only.
    const detail = error instanceof Error && language.startsWith('en') ? error.message : '';
    return { kind: 'unreadable', format: 'json', detail };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { kind: 'unreadable', format: 'json', detail: '' };
  }
  return { kind: 'invoice', invoice: parsed as InvoicePayload, type: source.type };
}

export type SourceWriting =
  | { kind: 'written'; content: string; type: SourceType }
  /** The invoice has parts FatturaPA XML cannot hold: writing it would drop them. */
  | { kind: 'misfit'; propertyPath: string };

/**
 * The invoice as the source tab's text: JSON as the form holds it, or FatturaPA XML (FSM10 for a
 * simplified invoice, else the transmission format the invoice declares). Never drops data: an
 * invoice with a field the XML cannot hold is a misfit, naming the first such field.
 */
export function writeSource(
  invoice: InvoicePayload,
  format: SourceFormat,
  type: SourceType,
): SourceWriting {
  if (format === 'json') {
    return { kind: 'written', content: JSON.stringify(invoice, null, 2), type };
  }
  const declared = declaredFormat(invoice);
  const xmlFormat = type === 'simplified' ? 'FSM10' : declared;
  const problems: JsonShapeProblem[] = [];
  const content = jsonToXml(invoice, xmlFormat, { problems });
  const problem = problems[0];
  if (problem) return { kind: 'misfit', propertyPath: problem.propertyPath };
  // The writer writes an element with no field it knows as empty without looking inside: what
  // the XML reads back must still hold every value the invoice had.
  const readBack = xmlToJson(content);
  const lost = readBack.ok ? lostValue(invoice, readBack.invoice) : '';
  if (lost !== undefined) return { kind: 'misfit', propertyPath: lost };
  return { kind: 'written', content, type: xmlFormat === 'FSM10' ? 'simplified' : 'simple' };
}

/** Every value of an invoice as `path=value`, list positions left out (one or many alike). */
function leafValues(value: unknown, path: string, into: Map<string, string[]>): void {
  if (Array.isArray(value)) {
    value.forEach((item) => leafValues(item, path, into));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      leafValues(item, path ? `${path}.${key}` : key, into);
    }
  } else if (value !== null && value !== undefined) {
    const entry = `${path}=${String(value as string | number | boolean)}`;
    const paths = into.get(entry);
    if (paths) paths.push(path);
    else into.set(entry, [path]);
  }
}

/** The path of a value of `before` that `after` does not hold, or undefined when none is lost. */
function lostValue(before: unknown, after: unknown): string | undefined {
  const had = new Map<string, string[]>();
  const has = new Map<string, string[]>();
  leafValues(before, '', had);
  leafValues(after, '', has);
  for (const [entry, paths] of had) {
    const kept = has.get(entry)?.length ?? 0;
    if (kept < paths.length) return paths[kept];
  }
  return undefined;
}

export type SourceConversion =
  /** The new text in the other format, and the type it holds (FSM10 XML is simplified). */
  | { kind: 'converted'; source: InvoiceSource }
  /** Nothing to convert (empty, or already text of the other format): only the format changes. */
  | { kind: 'relabelled'; source: InvoiceSource }
  /** The text stays as typed, under the new format; `detail` says why, as `readSource` does. */
  | { kind: 'kept'; source: InvoiceSource; from: SourceFormat; detail: string; misfit?: string };

/**
 * Switches the source tab between JSON and XML: readable text is converted (XML to JSON, JSON to
 * FatturaPA XML); text that reads as the other format already (XML pasted while JSON was
 * selected) only changes its label; anything else stays exactly as typed, with the reason.
 */
export function convertSource(
  source: InvoiceSource,
  format: SourceFormat,
  language: string,
): SourceConversion {
  const relabelled: InvoiceSource = { ...source, format };
  if (format === source.format) return { kind: 'relabelled', source: relabelled };
  const reading = readSource(source, language);
  if (reading.kind === 'empty') return { kind: 'relabelled', source: relabelled };
  if (reading.kind === 'unreadable') {
    const asTarget = readSource(relabelled, language);
    if (asTarget.kind === 'invoice') {
      return { kind: 'relabelled', source: { ...relabelled, type: asTarget.type } };
    }
    return { kind: 'kept', source: relabelled, from: source.format, detail: reading.detail };
  }
  const written = writeSource(reading.invoice, format, reading.type);
  if (written.kind === 'misfit') {
    return {
      kind: 'kept',
      source: relabelled,
      from: source.format,
      detail: '',
      misfit: written.propertyPath,
    };
  }
  return {
    kind: 'converted',
    source: { type: written.type, format, content: written.content },
  };
}
