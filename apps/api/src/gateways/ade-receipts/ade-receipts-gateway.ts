/**
 * The Agenzia delle Entrate's "documento commerciale online" service as the API sees it: a sale,
 * a return or a void is sent with the merchant's Fisconline credentials and answered with the
 * document number and the items' transaction ids, or refused with a code. The sandbox
 * (`sandbox.ts`) implements it; the receipts service codes against this interface only.
 */
import type { FisconlineCredentials } from '../tax-portal/tax-portal-gateway.ts';

/** One line as the Agenzia receives it: VAT-inclusive, with the figures worked at 8 decimals. */
export interface AdeDocumentLine {
  description: string;
  /** 2 decimals. */
  quantity: string;
  vatRateCode: string;
  complimentary: boolean;
  grossUnitPrice: string;
  grossDiscount: string;
  totalAmount: string;
  netTaxableAmount: string;
  vatAmount: string;
}

export interface AdeDocument {
  kind: 'sale' | 'return' | 'void';
  /** The merchant's VAT number, without the country prefix. */
  fiscalId: string;
  credentials: FisconlineCredentials;
  /** When the sale was made: a document is sent within its Europe/Rome day. */
  acquiredAt: Date;
  lotteryCode: string | null;
  lines: AdeDocumentLine[];
  totalAmount: string;
  totalTaxableAmount: string;
  totalVatAmount: string;
  payments: {
    cash: string;
    electronic: string;
    ticketRestaurant: string;
    ticketRestaurantQuantity: number;
    servicesUncollected: string;
    goodsUncollected: string;
    discount: string;
  };
  /** For a return or a void: the sale's document, as the Agenzia numbered it. */
  reference: { documentNumber: string; documentDate: Date } | null;
  /** This document's try (1 the first): a channel may fail on one try and not the next. */
  attempt: number;
}

export type AdeOutcome =
  | {
      accepted: true;
      /** `DCW2026/0341-0007`: the year, the day's closure and the progressive. */
      documentNumber: string;
      documentDate: Date;
      transactionId: string;
      /** One id a line, in the document's order. */
      itemIds: string[];
    }
  | { accepted: false; code: AdeRefusalCode; message: string };

/**
 * Why the Agenzia refuses a document. The provider documents `INVALID_CREDENTIALS` and
 * `CANNOTSENDDATAFORTHISLEGALENTITY`; the Agenzia publishes no list for its web procedure, so
 * the others are named here for what they check.
 */
export type AdeRefusalCode =
  | 'INVALID_CREDENTIALS'
  | 'CREDENTIALS_EXPIRED'
  | 'CANNOTSENDDATAFORTHISLEGALENTITY'
  | 'INVALID_VAT_RATE'
  | 'INCONSISTENT_TOTALS'
  | 'PAYMENTS_DO_NOT_MATCH'
  | 'INVALID_LOTTERY_CODE'
  | 'LOTTERY_NEEDS_ELECTRONIC_PAYMENT'
  | 'UNKNOWN_REFERENCE'
  | 'DAY_CLOSED';

/** The service could not be reached or is closed for the night: the document is sent again. */
export class AdeUnavailableError extends Error {
  constructor(
    readonly code: 'SERVICE_UNAVAILABLE' | 'CLOSING_WINDOW',
    message: string,
  ) {
    super(message);
    this.name = 'AdeUnavailableError';
  }
}

export interface AdeReceiptsGateway {
  /** Sends one document at `now`; throws AdeUnavailableError on an outage or in the closing window. */
  send(document: AdeDocument, now: Date): Promise<AdeOutcome>;
}
