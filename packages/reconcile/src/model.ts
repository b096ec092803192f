/**
 * What the matcher reads and answers. Amounts are decimal strings ('1220.00') everywhere: the
 * matcher turns them into exact integer cents, never into JavaScript numbers.
 */

/** An open customer invoice (or credit note) of the account owner, as the matcher sees it. */
export interface OpenInvoice {
  /** The caller's id of the document (database id, file and body index…). */
  id: string;
  /** `Numero` as issued ('FT2026/00123'). */
  number: string;
  /** `Data`, YYYY-MM-DD. */
  date: string;
  /** The first `DataScadenzaPagamento`, YYYY-MM-DD. */
  dueDate?: string;
  /**
   * What is still to be paid, a positive decimal string: `ImportoPagamento` summed, else
   * `ImportoTotaleDocumento`, less what was already allocated. For a credit note, its total
   * (positive: it is netted against invoices of the same buyer).
   */
  amount: string;
  /** `Divisa` (EUR). */
  currency: string;
  /** `Denominazione`, or `Nome Cognome`, of `CessionarioCommittente`. */
  buyerName: string;
  /** `IdFiscaleIVA` as country + code ('IT01234567890') and `CodiceFiscale`. */
  buyerFiscalIds: string[];
  /** `IBAN` of `DettaglioPagamento`: where the buyer was asked to pay. */
  iban?: string;
  /** `CodicePagamento` of `DettaglioPagamento` and other payment references (RF creditor references). */
  paymentCodes?: string[];
  /** TD04 (nota di credito) is a credit note; everything else an invoice. */
  kind: 'invoice' | 'credit-note';
}

/** One transaction detail of a bank entry (a batch entry has several). */
export interface BankEntryDetail {
  /** The detail's amount when the bank gives it (decimal string). */
  amount?: string;
  currency?: string;
  counterpartyName?: string;
  counterpartyIban?: string;
  /** Unstructured remittance text (`Ustrd`) and structured references (`Strd/CdtrRefInf/Ref`), joined. */
  remittance: string;
  /** `Strd/CdtrRefInf/Ref`: the creditor's references (RF…, invoice numbers). */
  creditorReferences?: string[];
  endToEndId?: string;
}

/** One entry (`Ntry`) of a bank statement or notification. */
export interface BankEntry {
  /** `AcctSvcrRef`, else `NtryRef`, else a position the reader made up ('entry-12'). */
  ref: string;
  /** YYYY-MM-DD. */
  bookingDate: string;
  valueDate?: string;
  /** Positive decimal string. */
  amount: string;
  currency: string;
  direction: 'credit' | 'debit';
  /** BOOK (booked), PDNG (pending), INFO. */
  status?: string;
  /** `RvslInd`: the entry reverses an earlier one (a returned payment), it pays nothing. */
  reversal?: boolean;
  counterpartyName?: string;
  counterpartyIban?: string;
  /** The IBAN of the account the entry was booked on (the statement's `Acct`). */
  accountIban?: string;
  /** All the remittance text of the entry and its details (`Ustrd`, `Strd` references), joined. */
  remittance: string;
  creditorReferences?: string[];
  endToEndId?: string;
  /** The entry's transaction details; several for a batch. */
  details?: BankEntryDetail[];
}

/**
 * Why a match was made (or not), as a stable code with its parameters: the API and the console
 * word it in the user's language (`reasonText` gives English and Italian).
 */
export type MatchReason =
  | { code: 'payment-code'; value: string }
  | { code: 'reference'; value: string; number: string }
  | { code: 'reference-typo'; value: string; number: string }
  | { code: 'reference-short'; value: string; number: string }
  | { code: 'reference-unknown'; value: string }
  | { code: 'amount-exact' }
  | { code: 'amount-sum'; count: number }
  | { code: 'partial'; paid: string; open: string }
  | { code: 'overpaid'; paid: string; open: string }
  | { code: 'credit-note'; number: string }
  | { code: 'grouped'; count: number }
  | { code: 'iban' }
  | { code: 'name-same' }
  | { code: 'name-similar'; score: number }
  | { code: 'name-different' }
  | { code: 'payer-known' }
  | { code: 'batch'; count: number }
  | { code: 'ambiguous'; candidates: string[] }
  | { code: 'no-candidate' }
  | { code: 'debit' }
  | { code: 'reversal' }
  | { code: 'not-booked'; status: string }
  | { code: 'currency'; currency: string };

export type MatchReasonCode = MatchReason['code'];

/** An amount of an entry allocated to one document (negative for a credit note netted). */
export interface Allocation {
  invoiceId: string;
  number: string;
  /** Decimal string, 2 decimals; negative for a credit note netted in the transfer. */
  amount: string;
}

/** The matcher's answer for one entry. */
export interface EntryMatch {
  /** The entry's `ref`. */
  entry: string;
  /**
   * The documents the entry pays: applied when `auto`, offered to the user when not. Empty for
   * an entry that pays nothing found, or when several candidates are equally likely (listed in
   * the `ambiguous` reason).
   */
  allocations: Allocation[];
  /** A sure match: the invoices are marked paid with this transaction. */
  auto: boolean;
  /** 0..1, two decimals. */
  confidence: number;
  /** Every match is explained: never empty. */
  reasons: MatchReason[];
}
