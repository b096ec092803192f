import type { BuiltSdiMessage, SdiMessageType } from '@fiscus/sdi-messages';
import type { Database } from '../../platform/db/database.ts';
import type { JobWorker } from '../../platform/jobs/job-queue.ts';

/** SDI outcomes the console can script on a sandbox (POST /simulate/customer-notification/…). */
export type ScriptedOutcome =
  | { type: 'NS'; errorCode?: string; descrizione?: string }
  | { type: 'MC'; descrizione?: string }
  | { type: 'RC' }
  | { type: 'NE'; esito: 'EC01' | 'EC02'; descrizione?: string }
  | { type: 'DT'; descrizione?: string }
  | { type: 'AT' }
  | { type: 'transport-failure' };

/**
 * One FatturaPA file as SDI handles it: the file, what the sender's channel knows of it (SDI's
 * id and name once received, the attempts) and the messages SDI has sent about it.
 */
export type SdiFile = {
  /** The sender's reference of the file (the invoice's uuid). */
  id: string;
  xml: string;
  /** The file read as FatturaPA JSON (snake_case), as the sender stored it. */
  payload: unknown;
  format: string;
  /** When the sender handed the file over: SDI's DataOraRicezione. */
  receivedAt: Date;
  sdiFileId: string | null;
  sdiFileName: string | null;
  senderVat: string | null;
  recipientCode: string | null;
  recipientName: string | null;
  recipientVat: string | null;
  recipientFiscalId: string | null;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  transmissionAttempts: number;
  /** Sandbox only: the channel fails for this file (scripted quarantena). */
  simulateTransportFailure: boolean;
  /** The types of the messages SDI sent about the file, oldest first. */
  messages: SdiMessageType[];
};

/** What SDI did with a file: the gateway reports it, the service applies it. */
export type SdiOutcome =
  /** The channel to SDI failed; `final` when no attempt is left. */
  | { kind: 'transport-failed'; attempt: number; final: boolean; notice: string }
  /** SDI received the file and named it. */
  | { kind: 'received'; attempt?: number; sdiFileId: string; sdiFileName: string }
  /** SDI sent one of its messages (RC, NS, MC, NE, DT, AT), signed, as MessaggiTypes XML. */
  | { kind: 'message'; message: BuiltSdiMessage; esito?: 'EC01' | 'EC02' }
  /** Sandbox only: the channel will fail for this file from now on. */
  | { kind: 'transport-failure-scripted' };

/**
 * The step of SDI's exchange an outcome comes from: `transmission` (the channel), `checks` (SDI's
 * checks and the delivery attempt), `pa-terms` (a public administration's terms ran out) or
 * `scripted` (the sandbox console). The service applies a step's outcome only while the file is
 * where that step expects it, so a retried or concurrent step writes nothing twice.
 */
export type SdiStep = 'transmission' | 'checks' | 'pa-terms' | 'scripted';

/** A later step of the gateway, enqueued by the service in the same transaction as the outcome. */
export type SdiFollowUp = { job: string; payload: unknown; runAt: Date; maxAttempts: number };

/** Where the gateway reads its files and reports what SDI did with them (the service's side). */
export interface SdiExchangeStore {
  find(fileId: string): Promise<SdiFile | undefined>;
  /**
   * Applies one outcome and enqueues its follow-ups in one transaction. Resolves false, writing
   * nothing, when the file is no longer where `step` expects it.
   */
  record(
    fileId: string,
    step: SdiStep,
    outcome: SdiOutcome,
    followUps?: SdiFollowUp[],
  ): Promise<boolean>;
}

/** SDI's duplicate key of one invoice body (00404): seller's VAT number, type, date, number. */
export type DuplicateKey = {
  senderVat: string;
  documentType: string;
  date: string;
  number: string;
};

export function duplicateKey(key: DuplicateKey): string {
  return [key.senderVat.toUpperCase(), key.documentType, key.date, key.number].join('|');
}

/** A party of this instance as SDI's registries know it (recipient code, identifiers). */
export type RegisteredParty = {
  recipientCode: string | null;
  vat: string | null;
  fiscalId: string | null;
  name: string | null;
};

/** The buyer of a file, as SDI routes it. */
export type SdiBuyer = {
  recipientCode: string | null;
  recipientVat: string | null;
  recipientFiscalId: string | null;
};

/**
 * What SDI's registries hold about this instance (the sandbox reads them here; the real SDI has
 * its own): its parties, its configured companies, the files it accepted, who receives in it.
 */
export interface SdiDirectory {
  parties(): Promise<RegisteredParty[]>;
  /** Companies configured on the instance: SDI's taxpayer registry knows them. */
  companies(): Promise<{ fiscalId: string; name: string | null }[]>;
  /** Which of `keys` an earlier file SDI accepted (or is still checking) carries: 00404. */
  acceptedDuplicates(
    file: { id: string; receivedAt: Date },
    keys: DuplicateKey[],
  ): Promise<Set<string>>;
  /** Whether the buyer receives invoices in this instance (reached without a channel or PEC). */
  receivesInInstance(buyer: SdiBuyer): Promise<boolean>;
}

/**
 * The exchange with SDI (Sistema di Interscambio). The real implementation would call SdICoop;
 * the sandbox behaves like SDI step by step through the job queue. Either way it speaks only
 * SDI's language: files in, SDI's messages and delivery outcomes out, reported to the store.
 */
export interface SdiGateway {
  /**
   * Queues the transmission of a stored file. Pass the transaction that stored it as `db`: the
   * transmission then commits with the file, or neither does.
   */
  transmit(fileId: string, options?: { db?: Database }): Promise<void>;
  /** Sandbox only: makes SDI answer a file with the given outcome now. */
  script(fileId: string, outcome: ScriptedOutcome): Promise<void>;
  /** Registers the jobs of the exchange's steps on this instance's worker. */
  registerJobs(worker: JobWorker): void;
}

/** Retry policy of a failed transmission (quarantena), as the real provider runs it. */
export type TransmissionRetryPolicy = {
  /** Attempts before the invoice goes to `invoice-error`. */
  maxAttempts: number;
  /** Delay before the second attempt, in ms. */
  intervalMs: number;
  /** Each further delay is the previous one times this factor. */
  factor: number;
};

/** The provider's policy: 14 tries, 300 s, factor 1.6 (about 4 days in all). */
export const PROVIDER_RETRY_POLICY: TransmissionRetryPolicy = {
  maxAttempts: 14,
  intervalMs: 300_000,
  factor: 1.6,
};

/** Delay before attempt `attempt + 1` after `attempt` failed ones (attempt ≥ 1). */
export function retryDelay(policy: TransmissionRetryPolicy, attempt: number): number {
  return Math.round(policy.intervalMs * policy.factor ** Math.max(0, attempt - 1));
}
