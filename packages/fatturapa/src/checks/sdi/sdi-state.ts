import type { InvoiceFormat } from '../../model/index.ts';

/** What SDI uses to recognise the same invoice sent twice (code 00404). */
export interface InvoiceKey {
  /** Seller's IdPaese and IdCodice (1.2.1.1). */
  sellerCountry: string;
  sellerCode: string;
  /** 2.1.1.1 TipoDocumento, 2.1.1.3 Data (YYYY-MM-DD) and 2.1.1.4 Numero. */
  documentType: string;
  date: string;
  number: string;
}

/** Registry status of a recipient code (SDI channel or IPA office). */
export type RecipientCodeStatus = 'active' | 'inactive' | 'unknown';

/**
 * SDI's own registries, for the checks that cannot be decided from the file alone. Every member
 * is optional: a check whose registry is not given is not applied.
 */
export interface SdiState {
  /** 00404: an invoice with this key was already accepted. */
  isDuplicate?(key: InvoiceKey): boolean;
  /** 00002: a file with this name was already received from this transmitter. */
  isDuplicateFileName?(fileName: string): boolean;
  /** 00300/00301/00303/00305/00306: the identifier is registered in Anagrafe Tributaria. */
  taxpayerExists?(country: string, code: string): boolean;
  /** 00311/00312: status of a 7-character SDI channel code. */
  recipientCode?(code: string): RecipientCodeStatus;
  /**
   * 00311/00312/00398: status of a 6-character IPA office code; `central-unresolved` when it is
   * a "central" office (Uff_eFatturaPA) and the invoice does not let SDI identify the office.
   */
  ipaOffice?(code: string): RecipientCodeStatus | 'central-unresolved';
  /** 00399: the buyer (IdFiscaleIVA or CodiceFiscale) is a public administration in IPA. */
  isPublicAdministration?(buyer: {
    vatCountry?: string;
    vatCode?: string;
    codiceFiscale?: string;
  }): boolean;
  /** 00320/00324: the VAT number and the codice fiscale belong to the same subject. */
  areIdentifiersConsistent?(vatCode: string, codiceFiscale: string): boolean;
  /** 00321/00322/00325/00326: the member codici fiscali when `vatCode` is a VAT group. */
  vatGroupMembers?(vatCode: string): readonly string[] | undefined;
  /** 00323: the date (YYYY-MM-DD) the VAT number ceased, if it did. */
  vatCeasedOn?(vatCode: string): string | undefined;
}

/** Signature verification outcome of a signed (.p7m) file, as core's reader reports it. */
export interface SignatureCheck {
  valid: boolean;
}

/** Options of `runSdiChecks`. */
export interface SdiCheckOptions {
  /** The root `versione` attribute (what parseInvoice returns as `format`). */
  format: InvoiceFormat;
  /**
   * When SDI received the file; 2.1.1.3 Data must not be later than its date in Italy
   * (Europe/Rome). Defaults to now.
   */
  receivedAt?: Date;
  state?: SdiState;
  /** The file's name, for 00001/00002. */
  fileName?: string;
  /** The file's size in bytes, for 00003/00106. */
  fileSize?: number;
  /** Size limit for 00003; defaults to 5 MB, the limit for one file on PEC. */
  maxFileSize?: number;
  /** The signature check of a .p7m, for 00102. */
  signature?: SignatureCheck;
  /**
   * Check the Partita IVA / codice fiscale check digits for 00300-00306 when no
   * `state.taxpayerExists` is given (an identifier with a wrong check digit cannot be
   * registered, so SDI rejects it). Defaults to true. Note that the official AdE samples use the
   * placeholder numbers 01234567890 / 09876543210, whose check digits are wrong.
   */
  checkIdentifierDigits?: boolean;
}
