/** The validation layer a finding comes from, in the order they run. */
export type FindingLayer = 'xml' | 'schema' | 'sdi' | 'field';

/**
 * One problem found in an invoice. `propertyPath` is the snake_case JSON path of the offending
 * field (e.g. `fattura_elettronica_body[0].dati_beni_servizi.dettaglio_linee[2].prezzo_totale`),
 * empty for problems of the whole file.
 */
export interface Finding {
  layer: FindingLayer;
  /** SDI's official code (e.g. `00423`) for sdi/file checks; a stable code of ours otherwise. */
  code: string;
  propertyPath: string;
  /** English message. */
  message: string;
  /** Italian message, as SDI words it, when there is one. */
  messageIt?: string;
  /**
   * A stable key of the problem (e.g. `schema.missingElement`) with its parameters, for a client
   * that words it itself; schema findings have one.
   */
  messageKey?: string;
  params?: Record<string, string>;
  /** The problem as a sentence in Italian, English and Polish, without file line numbers. */
  messages?: Record<'it' | 'en' | 'pl', string>;
}

export type Lang = 'it' | 'en';
