import type { InvoiceFormat } from '../../model/index.ts';
import { isValidCap, isValidCodiceDestinatario } from './codice-destinatario.ts';
import { isValidCodiceFiscale } from './codice-fiscale.ts';
import { isValidNazione } from './countries.ts';
import { isValidIban } from './iban.ts';
import { isValidPartitaIva } from './partita-iva.ts';
import { isValidProvincia } from './provinces.ts';

/** The kinds of field the console checks while the user types. */
export type FieldKind =
  'partitaIva' | 'codiceFiscale' | 'iban' | 'codiceDestinatario' | 'cap' | 'provincia' | 'nazione';

interface FieldRule {
  /** Stable code of the finding (layer 'field'). */
  code: string;
  isValid: (value: string, format?: InvoiceFormat) => boolean;
  en: string;
  it: string;
  pl: string;
}

/** The languages a field check speaks. */
export type FieldLang = 'it' | 'en' | 'pl';

/** One rule per kind: its check and its message in each language. */
export const FIELD_RULES: Readonly<Record<FieldKind, FieldRule>> = {
  partitaIva: {
    code: 'FIELD_PARTITA_IVA',
    isValid: isValidPartitaIva,
    en: 'Not a valid Italian VAT number: 11 digits with a correct check digit',
    it: 'Partita IVA non valida: 11 cifre con cifra di controllo corretta',
    pl: 'Nieprawidłowa partita IVA: 11 cyfr z poprawną cyfrą kontrolną',
  },
  codiceFiscale: {
    code: 'FIELD_CODICE_FISCALE',
    isValid: isValidCodiceFiscale,
    en: 'Not a valid fiscal code: 16 characters with a correct check letter, or 11 digits',
    it: 'Codice fiscale non valido: 16 caratteri con carattere di controllo corretto, o 11 cifre',
    pl: 'Nieprawidłowy codice fiscale: 16 znaków z poprawnym znakiem kontrolnym lub 11 cyfr',
  },
  iban: {
    code: 'FIELD_IBAN',
    isValid: isValidIban,
    en: 'Not a valid IBAN: wrong length for the country or wrong check digits',
    it: 'IBAN non valido: lunghezza errata per il paese o cifre di controllo errate',
    pl: 'Nieprawidłowy IBAN: zła długość dla kraju lub błędne cyfry kontrolne',
  },
  codiceDestinatario: {
    code: 'FIELD_CODICE_DESTINATARIO',
    isValid: isValidCodiceDestinatario,
    en: 'Not a valid recipient code: 6 characters for public administrations, 7 otherwise',
    it: 'Codice destinatario non valido: 6 caratteri per la PA, 7 negli altri casi',
    pl: 'Nieprawidłowy kod odbiorcy (codice destinatario): 6 znaków dla administracji publicznej, 7 w pozostałych przypadkach',
  },
  cap: {
    code: 'FIELD_CAP',
    isValid: isValidCap,
    en: 'Not a valid postal code: 5 digits',
    it: 'CAP non valido: 5 cifre',
    pl: 'Nieprawidłowy kod pocztowy (CAP): 5 cyfr',
  },
  provincia: {
    code: 'FIELD_PROVINCIA',
    isValid: isValidProvincia,
    en: 'Not an Italian province code (e.g. RM, MI)',
    it: 'Sigla di provincia italiana non valida (es. RM, MI)',
    pl: 'To nie jest kod włoskiej prowincji (np. RM, MI)',
  },
  nazione: {
    code: 'FIELD_NAZIONE',
    isValid: isValidNazione,
    en: 'Not an ISO 3166-1 alpha-2 country code (e.g. IT, DE)',
    it: 'Codice nazione ISO 3166-1 alpha-2 non valido (es. IT, DE)',
    pl: 'To nie jest kod kraju ISO 3166-1 alpha-2 (np. IT, DE)',
  },
};

/**
 * The helper text for a form field: undefined when `value` is valid (or empty: required-ness is
 * the form's business), otherwise the message in `lang`. `format` narrows the codice
 * destinatario length.
 */
export function fieldError(
  kind: FieldKind,
  value: string | null | undefined,
  lang: FieldLang,
  format?: InvoiceFormat,
): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const rule = FIELD_RULES[kind];
  if (rule.isValid(value, format)) return undefined;
  return rule[lang];
}
