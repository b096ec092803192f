/**
 * Where in an invoice a violation is, as a person reads it (a transfer's violations, the invoice
 * form's alert, the drafts' bulk send): the JSON path the checks name
 * (`fattura_elettronica_body[0].dati_generali.dati_generali_documento.numero`) becomes the
 * invoice form's labels in the user's language (`Dati generali documento › Numero`, a repeated
 * part with its number: `Linea 3 › Prezzo totale`). Wrappers without a label of their own are
 * left out; an element without a label shows its FatturaPA name in words.
 */
import type { i18n as I18n } from 'i18next';
import { violationMessage, type Violation } from './hydra';
import { translateValidationMessage, translateViolation } from './validation-messages';

/** The namespace the labels come from (the invoice form's): load it before wording a location. */
export const LOCATION_NAMESPACES = ['invoiceForm'] as const;

const SEGMENT = /^([A-Za-z0-9_]+)(?:\[(\d+)\])?$/;

const ROOTS = new Set(['fattura_elettronica_header', 'fattura_elettronica_body']);

/** `DatiGeneraliDocumento` (the XML's name) → `dati_generali_documento` (the model's). */
function snakeCase(name: string): string {
  let snake = '';
  for (let index = 0; index < name.length; index += 1) {
    const char = name.charAt(index);
    const previous = name.charAt(index - 1);
    if (index > 0 && /[A-Z]/.test(char) && /[a-z0-9]/.test(previous)) snake += '_';
    snake += char;
  }
  return snake.toLowerCase();
}

/** `dati_generali` → `Dati generali`: the element's name in words. */
function inWords(name: string): string {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The location of `propertyPath`, or undefined when it names no part (the whole file). */
export function violationLocation(i18n: I18n, propertyPath: string): string | undefined {
  if (propertyPath.trim() === '') return undefined;
  const segments = propertyPath.split('.');
  const parsed = segments.map((segment) => SEGMENT.exec(segment));
  // Not a path of the invoice's model: shown as the check wrote it.
  if (parsed.some((match) => !match)) return propertyPath;
  const label = (kind: string, name: string) => {
    const key = `${kind}.${name}`;
    return i18n.exists(key, { ns: 'invoiceForm' }) ? i18n.t(key, { ns: 'invoiceForm' }) : undefined;
  };
  const parts: string[] = [];
  parsed.forEach((match, position) => {
    const name = snakeCase(match?.[1] ?? '');
    const index = match?.[2] === undefined ? undefined : Number(match[2]);
    const last = position === parsed.length - 1;
    if (ROOTS.has(name) && !last) {
      // A file of several invoices (lots): which one.
      if (name === 'fattura_elettronica_body' && index !== undefined && index > 0)
        parts.push(i18n.t('locations.invoiceOfFile', { ns: 'invoiceForm', number: index + 1 }));
      return;
    }
    if (index !== undefined) {
      const group = label('groups', name) ?? label('sections', name) ?? inWords(name);
      parts.push(`${group} ${index + 1}`);
      return;
    }
    const own = last
      ? (label('fields', name) ?? label('sections', name) ?? inWords(name))
      : label('sections', name);
    if (own !== undefined) parts.push(own);
  });
  return parts.length > 0 ? parts.join(' › ') : propertyPath;
}

/**
 * What an invoice's violation says, in the user's language: the check's own sentence in it, else
 * its code worded by `common:violationCodes`, else a known English message translated, else as
 * the server wrote it.
 */
export function invoiceViolationMessage(i18n: I18n, violation: Violation): string {
  return (
    translateViolation(i18n, violation) ??
    translateValidationMessage(i18n.t, violationMessage(violation, i18n.language))
  );
}

/** A violation as one line a person reads: `where: what`, or what alone for the whole invoice. */
export function invoiceViolationLine(i18n: I18n, violation: Violation): string {
  const where = violationLocation(i18n, violation.propertyPath);
  const what = invoiceViolationMessage(i18n, violation);
  return where ? `${where}: ${what}` : what;
}
