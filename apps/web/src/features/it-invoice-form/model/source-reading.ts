/**
 * Reads what the 'create invoice from source' tab holds back into the guided form (issue 20,
 * "Work is never lost"): JSON as it is, FatturaPA XML through the engine's own XML reader
 * (`@fiscus/fatturapa/xml`, pure string work), so the form gets the same snake_case model the
 * server reads from the same file. Text that cannot be read says why instead of being dropped.
 */
import { xmlToJson } from '@fiscus/fatturapa/xml';
import type { InvoicePayload } from './invoice-form-types';
import type { InvoiceSource, SourceType } from './invoice-source';

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
