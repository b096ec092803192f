/*
 * The sandbox KSeF: the KSeF 2.0 API of the paths a provider uses, on this instance's database,
 * with KSeF's request and response shapes (`wire/api-types.ts`) and KSeF's refusals (`KsefError`
 * with its codes). Works without HTTP: the provider's client (`sandbox-client.ts`) calls it in
 * process; `routes.ts` puts the same methods on HTTP for clients written for the real KSeF.
 *
 * Every method that the API protects takes the bearer token of the call (`bearer`): the
 * operation's authentication token for `/auth/{ref}` and `/auth/token/redeem`, a refresh token
 * for `/auth/token/refresh`, an access token for the rest.
 *
 * State: only the database (several processes share it). Timings: the KSeF number (and the
 * verdict) `numberDelayMs` after receipt, an invoice's UPO `upoDelayMs` after its number, a
 * closed session's UPO `upoDelayMs` after closing, a KSeF certificate `certificateDelayMs`
 * after its enrollment; 0 means at the first read. Scripted behaviour: `scripted.ts`.
 */
import type { Database } from '../../../platform/db/database.ts';
import type {
  AuthenticationChallengeResponse,
  AuthenticationInitResponse,
  AuthenticationOperationStatusResponse,
  AuthenticationTokenRefreshResponse,
  AuthenticationTokensResponse,
  CertificateEnrollmentDataResponse,
  CertificateEnrollmentStatusResponse,
  CertificateLimitsResponse,
  EnrollCertificateResponse,
  GenerateTokenResponse,
  OpenOnlineSessionResponse,
  PublicKeyCertificate,
  QueryCertificatesResponse,
  QueryInvoicesMetadataResponse,
  QueryTokensResponse,
  RetrieveCertificatesResponse,
  SendInvoiceResponse,
  SessionInvoiceStatusResponse,
  SessionStatusResponse,
} from '../wire/api-types.ts';
import { SandboxAuth } from './auth.ts';
import type { KeyAndCertificate } from './certificates.ts';
import type { KsefEnvironment, SandboxDeps } from './context.ts';
import { IncomingInvoices, type QueryPaging } from './incoming.ts';
import { KsefCertificates } from './ksef-certificates.ts';
import { SandboxKeys } from './keys.ts';
import { createKsefToken, generateToken, listTokens, type TokenListQuery } from './ksef-tokens.ts';
import { InvoiceProcessing } from './processing.ts';
import { UNAVAILABLE_NIPS } from './scripted.ts';
import { OnlineSessions } from './sessions.ts';
import { sha256Base64 } from '../wire/ksef-crypto.ts';
import { isValidNip } from '@fiscus/ksef';
import { ksefException } from './codes.ts';

export type KsefSandboxOptions = {
  db: Database;
  /** Default: the system clock. */
  clock?: () => Date;
  /** From receipt to the KSeF number (default 2 s). */
  numberDelayMs?: number;
  /** From the number (or a session's close) to the UPO (default 5 s). */
  upoDelayMs?: number;
  /** From a certificate enrollment to its certificate (default: `numberDelayMs`). */
  certificateDelayMs?: number;
  /** How long an online session stays open (default 12 h, as KSeF). */
  sessionValidityMs?: number;
  /** Which KSeF it plays (the UPO's receiver): default TE. */
  environment?: KsefEnvironment;
  /** The HTTP face's address, for the download links of UPOs (default `/api/ksef-sandbox/v2`). */
  apiUrl?: string;
  /** NIPs for which KSeF is down (default `UNAVAILABLE_NIPS`). */
  unavailableNips?: readonly string[];
};

export const DEFAULT_NUMBER_DELAY_MS = 2_000;
export const DEFAULT_UPO_DELAY_MS = 5_000;
export const DEFAULT_SESSION_VALIDITY_MS = 12 * 3_600_000;
export const SANDBOX_API_PATH = '/api/ksef-sandbox/v2';

/** A file KSeF returns, with its `x-ms-meta-hash` (SHA-256, Base64). */
export type KsefFile = { body: Buffer; hash: string };

function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

function file(text: string | Buffer): KsefFile {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return { body, hash: sha256Base64(body) };
}

export class KsefSandbox {
  private readonly deps: SandboxDeps;
  private readonly auth: SandboxAuth;
  private readonly processing: InvoiceProcessing;
  private readonly sessions: OnlineSessions;
  private readonly incoming: IncomingInvoices;
  private readonly certificates: KsefCertificates;

  constructor(options: KsefSandboxOptions) {
    const clock = options.clock ?? (() => new Date());
    this.deps = {
      db: options.db,
      clock,
      keys: new SandboxKeys(options.db, clock),
      timings: {
        numberDelayMs: options.numberDelayMs ?? DEFAULT_NUMBER_DELAY_MS,
        upoDelayMs: options.upoDelayMs ?? DEFAULT_UPO_DELAY_MS,
        sessionValidityMs: options.sessionValidityMs ?? DEFAULT_SESSION_VALIDITY_MS,
      },
      environment: options.environment ?? 'TE',
      apiUrl: withoutTrailingSlashes(options.apiUrl ?? SANDBOX_API_PATH),
      unavailableNips: new Set(options.unavailableNips ?? UNAVAILABLE_NIPS),
    };
    this.auth = new SandboxAuth(this.deps);
    this.processing = new InvoiceProcessing(this.deps, this.auth);
    this.sessions = new OnlineSessions(this.deps, this.processing);
    this.incoming = new IncomingInvoices(this.deps, this.processing);
    this.certificates = new KsefCertificates(
      this.deps,
      options.certificateDelayMs ?? this.deps.timings.numberDelayMs,
    );
  }

  get clock(): () => Date {
    return this.deps.clock;
  }

  // --- /security -------------------------------------------------------------------------------

  /** GET /security/public-key-certificates: one key for both usages. */
  async publicKeyCertificates(): Promise<PublicKeyCertificate[]> {
    const key = await this.deps.keys.encryption();
    return [
      {
        certificate: key.certificate.raw.toString('base64'),
        certificateId: key.certificateId,
        publicKeyId: key.publicKeyId,
        validFrom: new Date(key.certificate.validFrom).toISOString(),
        validTo: new Date(key.certificate.validTo).toISOString(),
        usage: ['KsefTokenEncryption', 'SymmetricKeyEncryption'],
      },
    ];
  }

  // --- /auth ------------------------------------------------------------------------------------

  /** POST /auth/challenge. */
  challenge(clientIp = '127.0.0.1'): Promise<AuthenticationChallengeResponse> {
    return this.auth.challenge(clientIp);
  }

  /** POST /auth/xades-signature (the signed AuthTokenRequest, as text or bytes). */
  authenticateWithXades(signedXml: string | Uint8Array): Promise<AuthenticationInitResponse> {
    return this.auth.authenticateWithXades(signedXml);
  }

  /** POST /auth/ksef-token. */
  authenticateWithKsefToken(body: unknown): Promise<AuthenticationInitResponse> {
    return this.auth.authenticateWithKsefToken(body);
  }

  /** GET /auth/{referenceNumber}, with the operation's authentication token. */
  authenticationStatus(
    bearer: string | undefined,
    referenceNumber: string,
  ): Promise<AuthenticationOperationStatusResponse> {
    return this.auth.status(bearer, referenceNumber);
  }

  /** POST /auth/token/redeem, with the operation's authentication token. */
  redeemTokens(bearer: string | undefined): Promise<AuthenticationTokensResponse> {
    return this.auth.redeem(bearer);
  }

  /** POST /auth/token/refresh, with the refresh token. */
  refreshAccessToken(bearer: string | undefined): Promise<AuthenticationTokenRefreshResponse> {
    return this.auth.refresh(bearer);
  }

  // --- /tokens ----------------------------------------------------------------------------------

  /** POST /tokens. */
  async generateKsefToken(
    bearer: string | undefined,
    body: unknown,
  ): Promise<GenerateTokenResponse> {
    return generateToken(this.deps, await this.auth.access(bearer), body);
  }

  /** GET /tokens. */
  async queryKsefTokens(
    bearer: string | undefined,
    query: TokenListQuery,
  ): Promise<QueryTokensResponse> {
    return listTokens(this.deps, await this.auth.access(bearer), query);
  }

  // --- /sessions --------------------------------------------------------------------------------

  /** POST /sessions/online. */
  async openOnlineSession(
    bearer: string | undefined,
    body: unknown,
  ): Promise<OpenOnlineSessionResponse> {
    return this.sessions.open(await this.auth.access(bearer), body);
  }

  /** POST /sessions/online/{referenceNumber}/invoices. */
  async sendInvoice(
    bearer: string | undefined,
    referenceNumber: string,
    body: unknown,
  ): Promise<SendInvoiceResponse> {
    return this.sessions.send(await this.auth.access(bearer), referenceNumber, body);
  }

  /** POST /sessions/online/{referenceNumber}/close. */
  async closeOnlineSession(bearer: string | undefined, referenceNumber: string): Promise<void> {
    return this.sessions.close(await this.auth.access(bearer), referenceNumber);
  }

  /** GET /sessions/{referenceNumber}. */
  async sessionStatus(
    bearer: string | undefined,
    referenceNumber: string,
  ): Promise<SessionStatusResponse> {
    return this.sessions.status(await this.auth.access(bearer), referenceNumber);
  }

  /** GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}. */
  async sessionInvoiceStatus(
    bearer: string | undefined,
    referenceNumber: string,
    invoiceReference: string,
  ): Promise<SessionInvoiceStatusResponse> {
    return this.sessions.invoiceStatus(
      await this.auth.access(bearer),
      referenceNumber,
      invoiceReference,
    );
  }

  /** GET /sessions/{referenceNumber}/invoices/ksef/{ksefNumber}/upo. */
  async invoiceUpoByKsefNumber(
    bearer: string | undefined,
    referenceNumber: string,
    ksefNumber: string,
  ): Promise<KsefFile> {
    const access = await this.auth.access(bearer);
    return file(await this.sessions.invoiceUpo(access, referenceNumber, { ksefNumber }));
  }

  /** GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}/upo. */
  async invoiceUpoByReference(
    bearer: string | undefined,
    referenceNumber: string,
    invoiceReference: string,
  ): Promise<KsefFile> {
    const access = await this.auth.access(bearer);
    return file(await this.sessions.invoiceUpo(access, referenceNumber, { invoiceReference }));
  }

  /** GET /sessions/{referenceNumber}/upo/{upoReferenceNumber}. */
  async sessionUpo(
    bearer: string | undefined,
    referenceNumber: string,
    upoReference: string,
  ): Promise<KsefFile> {
    const access = await this.auth.access(bearer);
    return file(await this.sessions.sessionUpo(access, referenceNumber, upoReference));
  }

  // --- /invoices --------------------------------------------------------------------------------

  /** GET /invoices/ksef/{ksefNumber}. */
  async invoiceByKsefNumber(bearer: string | undefined, ksefNumber: string): Promise<KsefFile> {
    const { xml } = await this.incoming.download(await this.auth.access(bearer), ksefNumber);
    return file(xml);
  }

  /** POST /invoices/query/metadata. */
  async queryInvoiceMetadata(
    bearer: string | undefined,
    body: unknown,
    paging: QueryPaging = {},
  ): Promise<QueryInvoicesMetadataResponse> {
    return this.incoming.query(await this.auth.access(bearer), body, paging);
  }

  // --- /certificates ---------------------------------------------------------------------------

  /** GET /certificates/limits. */
  async certificateLimits(bearer: string | undefined): Promise<CertificateLimitsResponse> {
    return this.certificates.limits(await this.auth.access(bearer));
  }

  /** GET /certificates/enrollments/data (a signature's subject only: 25001 for a KSeF token). */
  async certificateEnrollmentData(
    bearer: string | undefined,
  ): Promise<CertificateEnrollmentDataResponse> {
    return this.certificates.enrollmentData(await this.auth.access(bearer));
  }

  /** POST /certificates/enrollments (PKCS#10 in Base64 DER; Authentication or Offline). */
  async enrollCertificate(
    bearer: string | undefined,
    body: unknown,
  ): Promise<EnrollCertificateResponse> {
    return this.certificates.enroll(await this.auth.access(bearer), body);
  }

  /** GET /certificates/enrollments/{referenceNumber}. */
  async certificateEnrollmentStatus(
    bearer: string | undefined,
    referenceNumber: string,
  ): Promise<CertificateEnrollmentStatusResponse> {
    return this.certificates.enrollmentStatus(await this.auth.access(bearer), referenceNumber);
  }

  /** POST /certificates/retrieve. */
  async retrieveCertificates(
    bearer: string | undefined,
    body: unknown,
  ): Promise<RetrieveCertificatesResponse> {
    return this.certificates.retrieve(await this.auth.access(bearer), body);
  }

  /** POST /certificates/query. */
  async queryCertificates(
    bearer: string | undefined,
    body: unknown,
    paging: { pageSize?: number; pageOffset?: number } = {},
  ): Promise<QueryCertificatesResponse> {
    return this.certificates.query(await this.auth.access(bearer), body, paging);
  }

  /** POST /certificates/{certificateSerialNumber}/revoke. */
  async revokeCertificate(
    bearer: string | undefined,
    serialNumber: string,
    body: unknown,
  ): Promise<void> {
    return this.certificates.revoke(await this.auth.access(bearer), serialNumber, body);
  }

  // --- sandbox only -----------------------------------------------------------------------------

  /** A test company seal for the NIP, issued by the sandbox CA (the same one each time). */
  async testCertificate(nip: string, companyName?: string): Promise<KeyAndCertificate> {
    if (!isValidNip(nip)) throw ksefException('validation', [`${nip} nie jest poprawnym NIP.`]);
    const { privateKeyPem, certificatePem } = await this.deps.keys.testCertificate(
      nip,
      companyName,
    );
    return { privateKeyPem, certificatePem };
  }

  /** A KSeF token for the NIP (InvoiceRead, InvoiceWrite), as the taxpayer's own KSeF app makes. */
  async issueTestKsefToken(nip: string): Promise<GenerateTokenResponse> {
    if (!isValidNip(nip)) throw ksefException('validation', [`${nip} nie jest poprawnym NIP.`]);
    return createKsefToken(
      this.deps,
      nip,
      ['InvoiceRead', 'InvoiceWrite'],
      'Token testowy (sandbox): wystawianie i odbiór faktur',
    );
  }

  /** The NIP's invoices waiting for a number or UPO get them now; its sessions close. */
  archiveNow(nip: string): Promise<number> {
    return this.processing.archiveNow(nip, this.deps.clock());
  }
}
