import { fiscalRegimes } from '../model/code-lists';
import { fieldLimits } from '../model/field-limits';
import type { FieldSpec } from './field-spec';

/*
 * The inputs of the parties, shared by the supplier and customer sections of both layouts.
 * `prefix` is where the identity sits below the section's base (dati_anagrafici. for the
 * standard layout, nothing or identificativi_fiscali. for the simplified one).
 */

export function fiscalIdFields(prefix: string): FieldSpec[] {
  return [
    {
      path: `${prefix}id_fiscale_iva.id_paese`,
      upper: true,
      maxLength: fieldLimits.id_paese.exact,
      check: 'nazione',
      size: 2,
    },
    {
      path: `${prefix}id_fiscale_iva.id_codice`,
      upper: true,
      maxLength: fieldLimits.id_codice.max,
      // The check digit rule is Italian: a foreign VAT code is taken as written.
      check: 'partitaIva',
      checkWhen: { path: `${prefix}id_fiscale_iva.id_paese`, equals: 'IT' },
      size: 5,
    },
    {
      path: `${prefix}codice_fiscale`,
      upper: true,
      maxLength: fieldLimits.codice_fiscale.max,
      check: 'codiceFiscale',
      size: 5,
    },
  ];
}

export function nameFields(prefix: string): FieldSpec[] {
  return [
    { path: `${prefix}denominazione`, maxLength: fieldLimits.denominazione.max, size: 6 },
    { path: `${prefix}nome`, maxLength: fieldLimits.nome.max, size: 3 },
    { path: `${prefix}cognome`, maxLength: fieldLimits.cognome.max, size: 3 },
  ];
}

export function addressFields(prefix: string): FieldSpec[] {
  return [
    { path: `${prefix}indirizzo`, upper: true, required: true, maxLength: 60, size: 6 },
    { path: `${prefix}cap`, upper: true, required: true, maxLength: 5, check: 'cap', size: 2 },
    { path: `${prefix}comune`, upper: true, required: true, maxLength: 60, size: 4 },
    {
      path: `${prefix}provincia`,
      upper: true,
      maxLength: 2,
      check: 'provincia',
      checkWhen: { path: `${prefix}nazione`, equals: 'IT' },
      size: 2,
    },
    {
      path: `${prefix}nazione`,
      upper: true,
      required: true,
      maxLength: 2,
      check: 'nazione',
      size: 2,
    },
  ];
}

export const regimeField = (path: string): FieldSpec => ({
  path,
  kind: 'select',
  options: fiscalRegimes,
  codeList: 'regime_fiscale',
  required: true,
  size: 8,
});

export function reaFields(prefix: string): FieldSpec[] {
  return [
    { path: `${prefix}iscrizione_rea.ufficio`, upper: true, maxLength: 2, size: 2 },
    { path: `${prefix}iscrizione_rea.numero_rea`, maxLength: 20, size: 4 },
    { path: `${prefix}iscrizione_rea.capitale_sociale`, kind: 'amount', size: 2 },
    {
      path: `${prefix}iscrizione_rea.socio_unico`,
      label: 'socio_unico',
      upper: true,
      maxLength: 2,
      size: 2,
    },
    { path: `${prefix}iscrizione_rea.stato_liquidazione`, upper: true, maxLength: 2, size: 2 },
  ];
}
