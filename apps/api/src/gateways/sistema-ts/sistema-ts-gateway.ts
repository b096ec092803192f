/**
 * Sistema Tessera Sanitaria's health-expense service ("730 precompilato") as the API sees it: a
 * file of expense documents of one owner is received and given a protocol at once, processed
 * later into an outcome per document (0 accepted, 1 refused, 2 accepted with warnings) with
 * codes and descriptions, and answered with a receipt (ricevuta) PDF of the file. The sandbox
 * (`sandbox.ts`) implements it; the expenses service codes against this interface only.
 */

/** One expense document as Sistema TS receives it (its idSpesa, voceSpesa and flags). */
export interface TsDocument {
  /** cfProprietario: the professional's or the pharmacy's codice fiscale. */
  ownerFiscalCode: string;
  /** cfCittadino; none when the citizen opposed. */
  citizenFiscalCode: string | null;
  /** flagOpposizione. */
  opposition: boolean;
  /** importo, euro with 2 decimals. */
  amount: string;
  /** tipoSpesa (TK, FC, SR…). */
  expenseType: string;
  /** pagamentoTracciato. */
  paymentTracked: boolean;
  /** tipoDocumento: F invoice, D commercial document. */
  documentType: string;
  /** numDocumento. */
  documentNumber: string;
  /** dataEmissione, YYYY-MM-DD. */
  documentDate: string;
  /** dataPagamento, YYYY-MM-DD. */
  paymentDate: string;
}

export type TsOperation = 'insert' | 'delete';

export interface TsTransmission {
  ownerFiscalCode: string;
  /** flagOperazione: I, the insertion of documents; C, their cancellation. */
  operation: TsOperation;
  documents: TsDocument[];
  /** This transmission's try (1 the first): a channel may fail on one try and not the next. */
  attempt: number;
}

export type TsOutcomeCode = 0 | 1 | 2;

export interface TsMessage {
  code: string;
  description: string;
  type: 'error' | 'warning';
}

export interface TsFileOutcome {
  /** The file's outcome: 0 every document accepted, 1 none, 2 accepted with warnings or in part. */
  outcome: TsOutcomeCode;
  processedAt: Date;
  /** One a document, in the file's order. */
  documents: { outcome: TsOutcomeCode; messages: TsMessage[] }[];
}

/** Sistema TS could not be reached: the file is sent again. */
export class SistemaTsUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SistemaTsUnavailableError';
  }
}

export interface SistemaTsGateway {
  /** Sends a file at `now`: its protocol; throws SistemaTsUnavailableError on an outage. */
  submit(transmission: TsTransmission, now: Date): Promise<{ protocol: string }>;
  /** The file's outcome, or null while Sistema TS is still processing it. */
  outcome(protocol: string, now: Date): Promise<TsFileOutcome | null>;
  /** The receipt (ricevuta) of a processed file, as a PDF; null before it is processed. */
  receipt(protocol: string): Promise<Buffer | null>;
}
