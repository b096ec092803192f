/**
 * Why a camt file is refused: a stable code the API maps to a 4xx and translates, its
 * parameters, and a sentence in English and Italian. Nothing of a refused file is read.
 */

export type CamtRefusalCode =
  | 'empty'
  | 'too-large'
  | 'not-xml'
  | 'malformed'
  | 'doctype-forbidden'
  | 'too-deep'
  | 'name-too-long'
  | 'not-camt'
  | 'unsupported-version'
  | 'schema-invalid'
  | 'amount-not-decimal'
  | 'currency-mismatch';

/** One schema problem: where, and libxml2's reason read into a key (`@fiscus/fatturapa/schema-reason`). */
export interface CamtSchemaProblem {
  line: number;
  /** The element the problem is about, when known. */
  element?: string;
  /** `schema.missingElement`, `schema.invalidValue`… */
  key?: string;
  params?: Record<string, string>;
  message: string;
}

export interface CamtRefusal {
  code: CamtRefusalCode;
  /** The values the sentence quotes (sizes, line, element, namespace…), as strings. */
  params: Record<string, string>;
  /** Where in the file, when it is one place. */
  line?: number;
  /** English. */
  message: string;
  /** Italian. */
  messageIt: string;
  /** The first schema problems (`schema-invalid`), at most 20. */
  problems?: CamtSchemaProblem[];
}

type Wording = (params: Record<string, string>) => [en: string, it: string];

const WORDINGS: Record<CamtRefusalCode, Wording> = {
  empty: () => ['The file is empty', 'Il file è vuoto'],
  'too-large': (p) => [
    `The file is ${p.size} bytes, above the limit of ${p.max} bytes`,
    `Il file è di ${p.size} byte, oltre il limite di ${p.max} byte`,
  ],
  'not-xml': (p) => [
    `The file is not XML text (${p.reason})`,
    `Il file non è testo XML (${p.reasonIt})`,
  ],
  malformed: (p) => [
    `Malformed XML at line ${p.line}, column ${p.column}: ${p.detail}`,
    `XML non ben formato alla riga ${p.line}, colonna ${p.column}`,
  ],
  'doctype-forbidden': () => [
    'DOCTYPE and entity declarations are not allowed (XXE and entity expansion protection)',
    'DOCTYPE e dichiarazioni di entità non ammessi',
  ],
  'too-deep': (p) => [
    `Elements are nested more than ${p.max} levels deep`,
    `Elementi annidati oltre ${p.max} livelli`,
  ],
  'name-too-long': (p) => [
    `A name of ${p.length} characters: no camt element is longer than ${p.max}`,
    `Un nome di ${p.length} caratteri: nessun elemento camt supera i ${p.max}`,
  ],
  'not-camt': (p) => [
    `Not a camt.053 statement or camt.054 notification: the root is ${p.found}`,
    `Non è un estratto conto camt.053 né una notifica camt.054: l'elemento radice è ${p.found}`,
  ],
  'unsupported-version': (p) => [
    `${p.message}.${p.version} is not supported: read are ${p.supported}`,
    `${p.message}.${p.version} non è supportato: sono letti ${p.supported}`,
  ],
  'schema-invalid': (p) => [
    `Not valid against the ${p.schema} schema (line ${p.line}): ${p.reason}`,
    `Non conforme allo schema ${p.schema} (riga ${p.line}): ${p.reasonIt}`,
  ],
  'amount-not-decimal': (p) => [
    `Line ${p.line}: the amount '${p.value}' is not a decimal amount of ${p.currency || 'its currency'}`,
    `Riga ${p.line}: l'importo '${p.value}' non è un importo decimale in ${p.currency || 'valuta'}`,
  ],
  'currency-mismatch': (p) => [
    `Line ${p.line}: an entry in ${p.found} on an account in ${p.expected}`,
    `Riga ${p.line}: un movimento in ${p.found} su un conto in ${p.expected}`,
  ],
};

/** Builds the refusal of `code` with its sentences. */
export function camtRefusal(
  code: CamtRefusalCode,
  params: Record<string, string> = {},
  extra: { line?: number; problems?: CamtSchemaProblem[] } = {},
): CamtRefusal {
  const [message, messageIt] = WORDINGS[code](params);
  return { code, params, message, messageIt, ...extra };
}

/** A refusal as an exception, for callers that prefer one (`readCamtOrThrow`). */
export class CamtRefusedError extends Error {
  readonly refusal: CamtRefusal;

  constructor(refusal: CamtRefusal) {
    super(refusal.message);
    this.name = 'CamtRefusedError';
    this.refusal = refusal;
  }
}
