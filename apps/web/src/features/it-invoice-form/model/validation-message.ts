/**
 * Client-side messages are translation keys of `invoiceForm.json` (`validation.*`), with the
 * length, when there is one, after a `|`; server messages are plain text and show as sent.
 */
export type ValidationKey =
  | 'required'
  | 'maxLength'
  | 'minLength'
  | 'exactLength'
  | 'decimal'
  | 'date'
  | 'nameOrDenomination'
  | 'vatOrFiscalCode'
  | 'naturaAtZeroRate'
  | 'atLeastOneLine';

export function formMessage(key: ValidationKey, count?: number): string {
  return count === undefined ? `validation.${key}` : `validation.${key}|${count}`;
}

/** Splits a message into the translation key and its count; undefined for a server message. */
export function parseFormMessage(message: string): { key: string; count?: number } | undefined {
  if (!message.startsWith('validation.')) return undefined;
  const [key = message, count] = message.split('|');
  return count === undefined ? { key } : { key, count: Number(count) };
}
