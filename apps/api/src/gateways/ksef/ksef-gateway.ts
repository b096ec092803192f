/*
 * What the Polish services need of KSeF, as a provider's client does it over the KSeF 2.0 API
 * (`../shared/spec/ksef/api/open-api.json`): authorise a taxpayer (XAdES-signed AuthTokenRequest,
 * or a KSeF token the taxpayer made), keep a KSeF token to act with, send invoices in online
 * sessions (encrypted with AES-256 under a key sent wrapped in KSeF's public key), read their
 * status, KSeF number and UPO, read invoices issued to a NIP, obtain the KSeF certificate of type
 * Offline that signs KOD II of invoices issued offline. `sandbox-client.ts` implements it on
 * the sandbox KSeF of this instance (`gateways/ksef/sandbox`), whose HTTP face
 * (`/api/ksef-sandbox/v2/...`) answers a client written for the real KSeF.
 */

/** A refusal in KSeF's own words: its numeric code (21405, 21111, 440…), description, details. */
export class KsefError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly details: readonly string[] = [],
    /** The HTTP status KSeF answered with (400, 401, 403, 404, 429, 500…). */
    readonly httpStatus = 400,
  ) {
    super(`${code} ${description}${details.length > 0 ? `: ${details.join('; ')}` : ''}`);
    this.name = 'KsefError';
  }
}

/** The credentials a legal entity acts with once onboarded. */
export type KsefCredentials = { nip: string; ksefToken: string };

export type KsefAuthorisationRequest = {
  /** KSeF's challenge (`/auth/challenge`) and when it was given. */
  challenge: string;
  timestamp: Date;
  /** The AuthTokenRequest XML (schemat_auth v2) to be signed with XAdES: the signature file. */
  xml: string;
};

export type KsefTokenGrant = { ksefToken: string; tokenReference: string };

export type KsefSent = { sessionReference: string; invoiceReference: string };

export type KsefInvoiceState =
  /** Received, being processed (KSeF's 100/150). */
  | { state: 'processing'; code: number; description: string }
  /** Accepted: its KSeF number and acquisition moment; `upo` once KSeF made it (the session closed). */
  | {
      state: 'accepted';
      code: number;
      description: string;
      ksefNumber: string;
      acquisitionDate: Date;
      upo: string | undefined;
    }
  /** Refused with KSeF's code (e.g. 450 "Błąd weryfikacji semantyki dokumentu faktury"). */
  | { state: 'rejected'; code: number; description: string; details: string[] };

export type KsefIncomingInvoice = {
  ksefNumber: string;
  invoiceNumber: string;
  sellerNip: string;
  sellerName: string | null;
  buyerNip: string | null;
  invoicingDate: Date;
  acquisitionDate: Date;
  permanentStorageDate: Date;
  invoiceHash: string;
};

/**
 * A KSeF certificate of type Offline and its private key: what KOD II is signed with
 * (`offlineCertificateLink({ certificateSerial: serialNumber, privateKey: privateKeyPem, … })`).
 * Secret: the key signs for the taxpayer; keep it as credentials are kept.
 */
export type KsefOfflineCertificate = {
  /** KSeF's serial number, 16 upper-case hex digits (KOD II's certificate serial). */
  serialNumber: string;
  /** The certificate KSeF issued (PEM); its subject is the signer's (the taxpayer's seal). */
  certificatePem: string;
  /** The key made for it (PKCS#8 PEM), ECDSA on P-256 as KSeF recommends for KOD II. */
  privateKeyPem: string;
  validFrom: Date;
  validTo: Date;
};

export interface KsefGateway {
  /** Which KSeF this is (TE, DEMO or PRD for the QR links) and its API address. */
  readonly environment: 'TE' | 'DEMO' | 'PRD';
  readonly apiUrl: string;

  /** A fresh challenge and the AuthTokenRequest for the NIP to be signed (onboarding mode 1). */
  authorisationRequest(nip: string): Promise<KsefAuthorisationRequest>;
  /**
   * Authenticates with the signed AuthTokenRequest (its XAdES signature verified, its signer's
   * certificate naming the NIP), then makes the KSeF token the provider acts with from now on.
   * Throws KsefError with KSeF's code when it refuses (bad signature, wrong NIP, used challenge…).
   */
  grantWithSignedRequest(nip: string, signedXml: string): Promise<KsefTokenGrant>;
  /** Authenticates with a KSeF token the taxpayer made (mode 2) and keeps it. */
  grantWithKsefToken(nip: string, ksefToken: string): Promise<KsefTokenGrant>;
  /**
   * A KSeF certificate of type Offline for KOD II: a new EC P-256 key, a PKCS#10 request with
   * the subject KSeF reads from the signer's certificate (`/certificates/enrollments/data`),
   * enrolled, awaited and retrieved; the certificate checked against the request (serial, type,
   * public key). KSeF takes certificate requests only from a subject authenticated with a
   * signature, never with a KSeF token (25001/25002): `signedXml` is a fresh
   * `authorisationRequest(nip)` signed by the taxpayer, as for `grantWithSignedRequest`.
   * `grant: true` also makes the provider's KSeF token in the same authentication (onboarding
   * mode 1 with one signature); otherwise `grant` is null.
   * Throws KsefError with KSeF's code (9105, 21115, 25003, 25006, 25007…) when it refuses.
   */
  offlineCertificate(
    nip: string,
    signedXml: string,
    options?: { grant?: boolean; name?: string },
  ): Promise<KsefOfflineCertificate & { grant: KsefTokenGrant | null }>;

  /** Sends one invoice (FA XML bytes, as issued) in the NIP's online session. */
  sendInvoice(
    credentials: KsefCredentials,
    xml: Uint8Array,
    options: { offlineMode: boolean; formCode: { systemCode: string; schemaVersion: string } },
  ): Promise<KsefSent>;
  /** Where an invoice sent is: processing, accepted (KSeF number; UPO once made) or rejected. */
  invoiceState(credentials: KsefCredentials, sent: KsefSent): Promise<KsefInvoiceState>;
  /** Invoices issued to the NIP (Subject2) that KSeF stored after `since`, oldest first. */
  incomingSince(credentials: KsefCredentials, since: Date): Promise<KsefIncomingInvoice[]>;
  /** One invoice's XML by its KSeF number, as KSeF stores it. */
  downloadInvoice(credentials: KsefCredentials, ksefNumber: string): Promise<Uint8Array>;

  /** Sandbox only: signs the signature file with a sandbox test certificate for the NIP. */
  signWithTestCertificate(nip: string, xml: string): Promise<string>;
  /** Sandbox only: a KSeF token for the NIP, as the taxpayer's KSeF app would make one. */
  issueTestKsefToken(nip: string): Promise<string>;
  /** Sandbox only: the NIP's invoices waiting for their number or UPO get them now. */
  archiveNow(nip: string): Promise<number>;
}
