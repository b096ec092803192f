/**
 * Field checks (layer 'field') that the console runs while the user types: browser-safe, no
 * Node imports. Each `isValid…` takes the field's string as written in the invoice.
 */
export { isValidPartitaIva } from './partita-iva.ts';
export { codiceFiscaleCheckLetter, isValidCodiceFiscale } from './codice-fiscale.ts';
export { isValidIban } from './iban.ts';
export { isValidCap, isValidCodiceDestinatario } from './codice-destinatario.ts';
export { isValidProvincia } from './provinces.ts';
export { isValidNazione } from './countries.ts';
export { FIELD_RULES, fieldError } from './field-messages.ts';
export type { FieldKind, FieldLang } from './field-messages.ts';
export { runFieldChecks } from './run-field-checks.ts';
