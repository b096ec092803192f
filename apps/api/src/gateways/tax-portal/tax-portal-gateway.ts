/**
 * The Agenzia delle Entrate tax portal as the API sees it: Fisconline credentials are checked
 * against it, and the "cassetto fiscale" of a fiscal id lists the supplier invoices SDI delivered
 * to it and the invoices it sent that SDI rejected. The sandbox (`sandbox.ts`) implements it; the
 * massive-import download job and the rejected-invoice recovery code against this interface only.
 */

/** The Fisconline credentials a registry's holder uses on the portal (decrypted, never logged). */
export interface FisconlineCredentials {
  /** The holder's codice fiscale (16 characters for a person, 11 digits for an entity). */
  codiceFiscale: string;
  password: string;
  pin: string;
}

/** A supplier invoice in the cassetto: the FatturaPA file and SDI's metadata file (MT). */
export interface CassettoInvoice {
  /** SDI's IdentificativoSdI of the file: unique, the key that stops a file being imported twice. */
  sdiId: string;
  /** SDI's name of the file (e.g. IT01234567890_00001.xml). */
  fileName: string;
  /** The FatturaPA XML as SDI delivered it. */
  xml: Buffer;
  /** SDI's metadata file (FileMetadati) delivered with the invoice. */
  metadataXml: Buffer;
  /** When SDI delivered the file to the recipient. */
  receivedAt: Date;
  /** The supplier's fiscal id: VAT number without country prefix, or its codice fiscale. */
  supplierFiscalId: string;
}

/** An invoice the fiscal id sent that SDI rejected: the file and SDI's rejection notice (NS). */
export interface CassettoRejection {
  /** SDI's IdentificativoSdI of the rejected file. */
  sdiId: string;
  fileName: string;
  /** The FatturaPA XML as it was sent. */
  xml: Buffer;
  /** SDI's NotificaScarto (NS) for the file, as MessaggiTypes XML. */
  notificationXml: Buffer;
  /** When SDI rejected the file (the NS's DataOraRicezione). */
  rejectedAt: Date;
}

/** A half-open range of instants: `from` included, `to` excluded. */
export interface CassettoRange {
  from: Date;
  to: Date;
}

/** The tax portal: credentials check and the cassetto fiscale of a fiscal id. */
export interface TaxPortalGateway {
  /** Whether the portal accepts the credentials ('invalid' for wrong ones; throws only on an outage). */
  checkCredentials(credentials: FisconlineCredentials): Promise<'ok' | 'invalid'>;
  /** Supplier invoices SDI delivered to fiscalId with receivedAt in [from, to), oldest first. */
  receivedInvoices(fiscalId: string, range: CassettoRange): Promise<CassettoInvoice[]>;
  /** Invoices fiscalId sent that SDI rejected (NS) with rejectedAt in [from, to), oldest first. */
  rejectedInvoices(fiscalId: string, range: CassettoRange): Promise<CassettoRejection[]>;
}

/** Stored credentials of a registry (decrypted), or undefined: the download job needs them. */
export interface TaxPortalCredentialsReader {
  credentialsOf(tenantId: string, fiscalId: string): Promise<FisconlineCredentials | undefined>;
}

/**
 * What the SDI sandbox of this instance delivered and rejected, read from the invoice tables by
 * the service side (services/it/tax-drawer/sdi-cassetto-source.ts): the sandbox portal adds it to
 * its seeded history. `holderName` names a fiscal id as its business registry configurations do.
 */
export interface SdiCassettoSource {
  delivered(fiscalId: string, range: CassettoRange): Promise<CassettoInvoice[]>;
  rejected(fiscalId: string, range: CassettoRange): Promise<CassettoRejection[]>;
  holderName(fiscalId: string): Promise<string | undefined>;
}
