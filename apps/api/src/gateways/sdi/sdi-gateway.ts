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
 * The exchange with SDI (Sistema di Interscambio). The real implementation would call SdICoop;
 * the sandbox behaves like SDI step by step through the job queue.
 */
export interface SdiGateway {
  /** Queues the transmission of a stored customer invoice (marking `waiting`). */
  transmit(invoiceUuid: string): Promise<void>;
  /** Sandbox only: makes SDI answer a sent invoice with the given outcome now. */
  script(invoiceUuid: string, outcome: ScriptedOutcome): Promise<void>;
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
