/*
 * What the open-banking services need of an account-information and payment aggregator, as a
 * provider's client uses one (Salt Edge, Tink, Nordigen-like): a customer per business registry,
 * a hosted connect flow (choose the bank, log in at it, pick accounts, give the consent) that
 * ends in a connection with a consent that expires, the connection's accounts with balances, the
 * banks' transaction feeds, and payment requests with a hosted payment page. The aggregator calls
 * back when a flow ends or a payment moves (`AggregatorCallbacks`). `sandbox/` implements it:
 * the simulated banks of a test country, on this instance's PostgreSQL.
 */

/** Provider 7: why a connect flow failed (the `connect` webhook's `errorClass`). */
export type ConnectErrorClass =
  'Timeout' | 'InvalidCredentials' | 'AccessDenied' | 'ProviderError' | 'GenericError';

/** One entry of a bank's feed, as the aggregator gives it (the bank's own id and wording). */
export interface FeedEntry {
  bankId: string;
  endToEndId: string | null;
  madeOn: string;
  postingDate: string | null;
  amount: string;
  currencyCode: string;
  status: 'pending' | 'posted';
  description: string;
  category: string;
  payer: string | null;
  payee: string | null;
  counterpartyIban: string | null;
  remittance: string | null;
}

export class AggregatorError extends Error {
  constructor(
    readonly code: 'not-found' | 'consent-expired' | 'invalid' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'AggregatorError';
  }
}

export interface AggregatorConnection {
  id: string;
  providerCode: string;
  providerName: string;
  status: 'active' | 'inactive';
  consentExpiresAt: Date;
}

export interface AggregatorAccount {
  id: string;
  connectionId: string;
  name: string;
  nature: 'account' | 'card' | 'savings';
  currencyCode: string;
  iban: string | null;
  bban: string | null;
  swift: string | null;
  /** The bank's balance: decimal string. */
  balance: string;
}

export type AggregatorPaymentStatus = 'created' | 'pending' | 'accepted' | 'rejected' | 'expired';

export interface AggregatorPayment {
  id: string;
  accountId: string;
  status: AggregatorPaymentStatus;
  payerName: string | null;
  payerIban: string | null;
  endToEndId: string;
  paidAt: Date | null;
}

/** What the aggregator tells the provider (a real one posts these to the provider's callbacks). */
export type AggregatorEvent =
  | {
      type: 'connect';
      kind: 'connect' | 'reconnect';
      customerId: string;
      connectionId: string | null;
      success: boolean;
      errorClass: ConnectErrorClass | null;
      /** The accounts the user picked (connect) or that the consent covers again (reconnect). */
      accountIds: string[];
    }
  | { type: 'payment'; customerId: string; paymentId: string; status: AggregatorPaymentStatus };

export interface AggregatorCallbacks {
  notify(event: AggregatorEvent): Promise<void>;
}

export interface HostedFlowRequest {
  customerId: string;
  locale: string;
  country: string | null;
  /** Where the flow's end sends the user (`?connected=`/`?error=` added by the provider). */
  returnUrl: string | null;
}

export interface PaymentRequest {
  customerId: string;
  /** Who is paid, as the payment page shows it (the registry's business name). */
  payeeName: string;
  accountId: string;
  system: 'sepa' | 'sepa_instant';
  amount: string;
  currencyCode: 'EUR';
  description: string;
  locale: string;
  returnUrl: string | null;
}

export interface BankAggregator {
  /** The aggregator's customer for one of the provider's registries (idempotent by identifier). */
  customer(identifier: string): Promise<string>;
  /** A hosted connect flow: its link, valid for an hour. */
  connectSession(request: HostedFlowRequest): Promise<{ url: string; expiresAt: Date }>;
  /** A hosted flow renewing a connection's consent. */
  reconnectSession(
    connectionId: string,
    request: HostedFlowRequest,
  ): Promise<{ url: string; expiresAt: Date }>;
  connection(connectionId: string): Promise<AggregatorConnection>;
  accounts(connectionId: string): Promise<AggregatorAccount[]>;
  /**
   * The bank's feed of an account from a day on (its own ids and order). Refused with
   * `consent-expired` once the connection's consent has run out.
   */
  transactions(accountId: string, fromDay: string): Promise<FeedEntry[]>;
  /** Ends the connection at the aggregator (its accounts are gone with it). */
  removeConnection(connectionId: string): Promise<void>;
  requestPayment(request: PaymentRequest): Promise<{ id: string; url: string; expiresAt: Date }>;
  payment(paymentId: string): Promise<AggregatorPayment>;
}
