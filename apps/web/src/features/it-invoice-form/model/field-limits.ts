/**
 * Lengths the form enforces (spec 5 "Invoice form (client side)"); the rest of the schema's
 * limits are checked by the server's full validation.
 */
export const fieldLimits = {
  codice_destinatario: { min: 6, max: 7 },
  id_paese: { exact: 2 },
  /** An Italian Partita IVA has 11 digits; a foreign VAT code may have up to 28 characters. */
  id_codice_it: { max: 11 },
  id_codice: { max: 28 },
  codice_fiscale: { min: 11, max: 16 },
  nazione: { exact: 2 },
  provincia: { exact: 2 },
  cap: { exact: 5 },
  beneficiario: { max: 200 },
  codice_pagamento: { max: 60 },
  iban: { min: 15, max: 34 },
  abi: { exact: 5 },
  cab: { exact: 5 },
  bic: { min: 8, max: 11 },
  denominazione: { max: 80 },
  nome: { max: 60 },
  cognome: { max: 60 },
  indirizzo: { max: 60 },
  comune: { max: 60 },
  numero_civico: { max: 8 },
  numero: { max: 20 },
  causale: { max: 200 },
  descrizione: { max: 1000 },
  unita_misura: { max: 10 },
  id_documento: { max: 20 },
  codice_cup: { max: 15 },
  codice_cig: { max: 15 },
  nome_attachment: { max: 60 },
  formato_attachment: { max: 10 },
  riferimento_normativo: { max: 100 },
} as const;

export interface LengthRule {
  min?: number;
  max?: number;
  exact?: number;
}
