/*
 * The provider's KSeF client on this instance's sandbox KSeF: it does what a client of the real
 * KSeF 2.0 API does, step by step and with the real wire formats (the XAdES-signed
 * AuthTokenRequest, the KSeF token encrypted with RSA-OAEP under the published key, the invoice
 * AES-256-CBC-encrypted under a session key wrapped the same way, hashes and sizes), but calls
 * the `KsefSandbox` in process instead of over HTTP.
 *
 * What it keeps in memory only spares round trips (a live access token per NIP and KSeF token,
 * the open session per NIP and form with its key): losing it costs a new authentication or a
 * new session, nothing else. A session KSeF closed (expired, `archiveNow`) is replaced on the
 * next invoice.
 *
 * KSeF certificates (`offlineCertificate`): the key pair is made here (EC P-256), the PKCS#10
 * request written by `wire/pkcs10.ts`; the enrollment is polled until KSeF issues it.
 */
import { X509Certificate, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { isValidNip } from '@fiscus/ksef';
import type { Database } from '../../platform/db/database.ts';
import {
  KsefError,
  type KsefAuthorisationRequest,
  type KsefCredentials,
  type KsefGateway,
  type KsefIncomingInvoice,
  type KsefInvoiceState,
  type KsefOfflineCertificate,
  type KsefSent,
  type KsefTokenGrant,
} from './ksef-gateway.ts';
import { KsefSandbox, SANDBOX_API_PATH } from './sandbox/ksef-sandbox.ts';
import type {
  AuthenticationInitResponse,
  CertificateEnrollmentDataResponse,
  FormCode,
  KsefCertificateType,
} from './wire/api-types.ts';
import { makeCsr, SUBJECT_OIDS, type NameAttribute } from './wire/pkcs10.ts';
import {
  authTokenRequestXml,
  AUTH_NAMESPACE_2_0,
  AUTH_NAMESPACE_2_1,
} from './wire/auth-token-request.ts';
import {
  aesEncrypt,
  certificateOf,
  encryptKsefToken,
  newSessionKey,
  rsaOaepEncrypt,
  sha256Base64,
  type SessionKey,
} from './wire/ksef-crypto.ts';
import { childElements, parseXml } from './wire/dom.ts';
import { signXadesEnveloped } from './wire/xades.ts';

export type SandboxKsefGatewayOptions = {
  db: Database;
  clock?: () => Date;
  numberDelayMs?: number;
  upoDelayMs?: number;
  /** The KSeF played (QR links): TE. */
  environment?: 'TE';
  /** Where the sandbox's HTTP face answers, e.g. `https://host/api/ksef-sandbox/v2`. */
  apiUrl?: string;
  /** The sandbox to talk to; default one on `db` with these timings. */
  sandbox?: KsefSandbox;
  /** Between two reads of a certificate enrollment's status (default 500 ms). */
  pollIntervalMs?: number;
  /** How the client waits between polls (tests pass their clock's). */
  sleep?: (ms: number) => Promise<void>;
};

const generateKeys = promisify(generateKeyPair);

/** The permissions of the KSeF token the provider acts with. */
const PROVIDER_PERMISSIONS = ['InvoiceWrite', 'InvoiceRead'] as const;
/** Authentication status polls before giving up (the sandbox answers at once). */
const STATUS_POLLS = 20;
/** An access token is renewed this long before it expires. */
const ACCESS_MARGIN_MS = 60_000;
/** KSeF's widest query range (3 months); the client walks longer spans window by window. */
const QUERY_WINDOW_MS = 89 * 86_400_000;
const QUERY_PAGE_SIZE = 250;
/** Certificate enrollment status reads before giving up (with the default interval: 60 s). */
const ENROLLMENT_POLLS = 120;
const DEFAULT_POLL_INTERVAL_MS = 500;

/** The subject attributes of a KSeF certificate request, from the enrollment data. */
const REQUEST_SUBJECT: readonly [keyof CertificateEnrollmentDataResponse, string][] = [
  ['countryName', SUBJECT_OIDS.countryName],
  ['organizationName', SUBJECT_OIDS.organizationName],
  ['organizationIdentifier', SUBJECT_OIDS.organizationIdentifier],
  ['serialNumber', SUBJECT_OIDS.serialNumber],
  ['givenName', SUBJECT_OIDS.givenName],
  ['surname', SUBJECT_OIDS.surname],
  ['uniqueIdentifier', SUBJECT_OIDS.uniqueIdentifier],
  ['commonName', SUBJECT_OIDS.commonName],
];

/** Exactly the attributes KSeF gave, none added, none changed. */
function requestSubject(data: CertificateEnrollmentDataResponse): NameAttribute[] {
  return REQUEST_SUBJECT.flatMap(([field, oid]) => {
    const value = data[field];
    return typeof value === 'string' && value !== '' ? [{ oid, value }] : [];
  });
}

function sleepFor(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type OpenSession = { referenceNumber: string; key: SessionKey; validUntil: Date };

/** The NIP named in an AuthTokenRequest's ContextIdentifier (read before it is sent). */
function contextNipOf(signedXml: string): string | undefined {
  try {
    const root = parseXml(signedXml).documentElement;
    const namespace = root.namespaceURI ?? '';
    if (namespace !== AUTH_NAMESPACE_2_0 && namespace !== AUTH_NAMESPACE_2_1) return undefined;
    const context = childElements(root, namespace, 'ContextIdentifier')[0];
    const nip = context ? childElements(context, namespace, 'Nip')[0] : undefined;
    return nip?.textContent?.trim();
  } catch {
    return undefined;
  }
}

function requireNip(nip: string): void {
  if (!isValidNip(nip)) {
    throw new KsefError(21405, 'Błąd walidacji danych wejściowych.', [
      `${nip} nie jest poprawnym NIP.`,
    ]);
  }
}

/** What KSeF returned is what was asked for: the serial, the type, our public key. */
function checkIssued(
  certificate: X509Certificate,
  expected: {
    serialNumber: string;
    type: KsefCertificateType;
    actualType: KsefCertificateType;
    publicKey: KeyObject;
  },
): void {
  const problems: string[] = [];
  if (certificate.serialNumber.toUpperCase() !== expected.serialNumber) {
    problems.push(`numer seryjny ${certificate.serialNumber}, nie ${expected.serialNumber}`);
  }
  if (expected.actualType !== expected.type) {
    problems.push(`typ ${expected.actualType}, nie ${expected.type}`);
  }
  if (!certificate.publicKey.equals(expected.publicKey)) problems.push('inny klucz publiczny');
  if (problems.length > 0) {
    throw new KsefError(500, 'Certyfikat KSeF nie odpowiada wnioskowi.', problems, 500);
  }
}

export class SandboxKsefGateway implements KsefGateway {
  readonly environment: 'TE';
  readonly apiUrl: string;
  private readonly sandbox: KsefSandbox;
  private readonly clock: () => Date;
  private readonly accessTokens = new Map<string, { token: string; validUntil: Date }>();
  private readonly sessions = new Map<string, OpenSession>();
  private readonly pollIntervalMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: SandboxKsefGatewayOptions) {
    this.environment = options.environment ?? 'TE';
    this.apiUrl = options.apiUrl ?? SANDBOX_API_PATH;
    this.clock = options.clock ?? (() => new Date());
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.sleep = options.sleep ?? sleepFor;
    this.sandbox =
      options.sandbox ??
      new KsefSandbox({
        db: options.db,
        clock: this.clock,
        ...(options.numberDelayMs !== undefined ? { numberDelayMs: options.numberDelayMs } : {}),
        ...(options.upoDelayMs !== undefined ? { upoDelayMs: options.upoDelayMs } : {}),
        environment: this.environment,
        apiUrl: this.apiUrl,
      });
  }

  // --- authorisation ----------------------------------------------------------------------------

  async authorisationRequest(nip: string): Promise<KsefAuthorisationRequest> {
    requireNip(nip);
    const challenge = await this.sandbox.challenge();
    return {
      challenge: challenge.challenge,
      timestamp: new Date(challenge.timestamp),
      xml: authTokenRequestXml({ challenge: challenge.challenge, nip }),
    };
  }

  async grantWithSignedRequest(nip: string, signedXml: string): Promise<KsefTokenGrant> {
    const accessToken = await this.authenticateWithSignature(nip, signedXml);
    return this.providerToken(accessToken);
  }

  /** `/auth/xades-signature` with the signed AuthTokenRequest for the NIP: an access token. */
  private async authenticateWithSignature(nip: string, signedXml: string): Promise<string> {
    requireNip(nip);
    const named = contextNipOf(signedXml);
    if (named !== undefined && named !== nip) {
      throw new KsefError(21405, 'Błąd walidacji danych wejściowych.', [
        `Podpisany dokument dotyczy kontekstu NIP ${named}, nie ${nip}.`,
      ]);
    }
    const started = await this.sandbox.authenticateWithXades(signedXml);
    return this.finishAuthentication(started);
  }

  /** The KSeF token the provider acts with, made in the taxpayer's authentication. */
  private async providerToken(accessToken: string): Promise<KsefTokenGrant> {
    const made = await this.sandbox.generateKsefToken(accessToken, {
      permissions: [...PROVIDER_PERMISSIONS],
      description: 'Fiscus: wystawianie i odbiór faktur',
    });
    return { ksefToken: made.token, tokenReference: made.referenceNumber };
  }

  // --- KSeF certificates ------------------------------------------------------------------------

  async offlineCertificate(
    nip: string,
    signedXml: string,
    options: { grant?: boolean; name?: string } = {},
  ): Promise<KsefOfflineCertificate & { grant: KsefTokenGrant | null }> {
    const accessToken = await this.authenticateWithSignature(nip, signedXml);
    const name = options.name ?? `Fiscus KOD II ${nip} ${this.clock().toISOString().slice(0, 10)}`;
    const certificate = await this.enrollCertificate(accessToken, 'Offline', name);
    const grant = options.grant ? await this.providerToken(accessToken) : null;
    return { ...certificate, grant };
  }

  /** Limits, enrollment data, a new EC P-256 key and its request, enrolled, awaited, retrieved. */
  private async enrollCertificate(
    accessToken: string,
    type: KsefCertificateType,
    name: string,
  ): Promise<KsefOfflineCertificate> {
    const limits = await this.sandbox.certificateLimits(accessToken);
    if (limits.enrollment.remaining === 0) {
      throw new KsefError(
        25006,
        'Osiągnięto limit możliwych do złożenia wniosków certyfikacyjnych.',
        [`Limit: ${limits.enrollment.limit}.`],
      );
    }
    if (limits.certificate.remaining === 0) {
      throw new KsefError(
        25007,
        'Osiągnięto limit dopuszczalnej liczby posiadanych certyfikatów.',
        [`Limit: ${limits.certificate.limit}.`],
      );
    }
    const data = await this.sandbox.certificateEnrollmentData(accessToken);
    const { privateKey, publicKey } = await generateKeys('ec', { namedCurve: 'P-256' });
    const enrolled = await this.sandbox.enrollCertificate(accessToken, {
      certificateName: name,
      certificateType: type,
      csr: makeCsr(requestSubject(data), privateKey).toString('base64'),
    });
    const serialNumber = await this.awaitEnrollment(accessToken, enrolled.referenceNumber);
    const { certificates } = await this.sandbox.retrieveCertificates(accessToken, {
      certificateSerialNumbers: [serialNumber],
    });
    const retrieved = certificates.find((item) => item.certificateSerialNumber === serialNumber);
    if (!retrieved) {
      throw new KsefError(25008, 'Certyfikat o podanym numerze seryjnym nie istnieje.', [
        serialNumber,
      ]);
    }
    const certificate = new X509Certificate(Buffer.from(retrieved.certificate, 'base64'));
    checkIssued(certificate, {
      serialNumber,
      type,
      actualType: retrieved.certificateType,
      publicKey,
    });
    return {
      serialNumber,
      certificatePem: certificate.toString(),
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      validFrom: new Date(certificate.validFrom),
      validTo: new Date(certificate.validTo),
    };
  }

  /** The enrollment's status until KSeF decides: the serial number, or its refusal. */
  private async awaitEnrollment(accessToken: string, referenceNumber: string): Promise<string> {
    for (let poll = 0; poll < ENROLLMENT_POLLS; poll += 1) {
      if (poll > 0) await this.sleep(this.pollIntervalMs);
      const { status, certificateSerialNumber } = await this.sandbox.certificateEnrollmentStatus(
        accessToken,
        referenceNumber,
      );
      if (status.code === 200 && certificateSerialNumber) return certificateSerialNumber;
      if (status.code !== 100) {
        throw new KsefError(status.code, status.description, status.details ?? [], 400);
      }
    }
    throw new KsefError(
      100,
      'Wniosek przyjęty do realizacji',
      [`KSeF nie wystawił certyfikatu (wniosek ${referenceNumber}).`],
      400,
    );
  }

  async grantWithKsefToken(nip: string, ksefToken: string): Promise<KsefTokenGrant> {
    requireNip(nip);
    const accessToken = await this.authenticateWithToken(nip, ksefToken);
    // Authenticated with a token, the caller sees that token only: its reference number.
    const listed = await this.sandbox.queryKsefTokens(accessToken, {});
    const tokenReference = listed.tokens[0]?.referenceNumber;
    if (!tokenReference) {
      throw new KsefError(21301, 'Brak autoryzacji.', ['Token KSeF nie został odnaleziony.'], 400);
    }
    return { ksefToken, tokenReference };
  }

  /** Status (until no longer in progress), then the tokens: the access token, or KSeF's refusal. */
  private async finishAuthentication(started: AuthenticationInitResponse): Promise<string> {
    const operationToken = started.authenticationToken.token;
    for (let poll = 0; poll < STATUS_POLLS; poll += 1) {
      const { status } = await this.sandbox.authenticationStatus(
        operationToken,
        started.referenceNumber,
      );
      if (status.code === 200) {
        const tokens = await this.sandbox.redeemTokens(operationToken);
        return tokens.accessToken.token;
      }
      if (status.code !== 100) {
        throw new KsefError(status.code, status.description, status.details ?? [], 400);
      }
    }
    throw new KsefError(
      100,
      'Uwierzytelnianie w toku',
      ['KSeF nie zakończył uwierzytelniania.'],
      400,
    );
  }

  /** `/auth/ksef-token` with `token|timestampMs` under the published KsefTokenEncryption key. */
  private async authenticateWithToken(nip: string, ksefToken: string): Promise<string> {
    const certificates = await this.sandbox.publicKeyCertificates();
    const published = certificates.find((entry) => entry.usage.includes('KsefTokenEncryption'));
    if (!published) throw new KsefError(500, 'Brak klucza publicznego KSeF.', [], 500);
    const challenge = await this.sandbox.challenge();
    const started = await this.sandbox.authenticateWithKsefToken({
      challenge: challenge.challenge,
      contextIdentifier: { type: 'Nip', value: nip },
      encryptedToken: encryptKsefToken(
        certificateOf(published.certificate),
        ksefToken,
        challenge.timestampMs,
      ),
      publicKeyId: published.publicKeyId,
    });
    return this.finishAuthentication(started);
  }

  /** A live access token for the credentials (kept until shortly before it expires). */
  private async accessFor(credentials: KsefCredentials): Promise<string> {
    const key = `${credentials.nip}|${sha256Base64(credentials.ksefToken)}`;
    const kept = this.accessTokens.get(key);
    if (kept && kept.validUntil.getTime() - ACCESS_MARGIN_MS > this.clock().getTime()) {
      return kept.token;
    }
    const token = await this.authenticateWithToken(credentials.nip, credentials.ksefToken);
    // The sandbox's access tokens live 15 minutes.
    this.accessTokens.set(key, {
      token,
      validUntil: new Date(this.clock().getTime() + 15 * 60_000),
    });
    return token;
  }

  /** Runs `call` with an access token; once more with a fresh one if KSeF says 401. */
  private async withAccess<T>(
    credentials: KsefCredentials,
    call: (token: string) => Promise<T>,
  ): Promise<T> {
    try {
      return await call(await this.accessFor(credentials));
    } catch (error) {
      if (!(error instanceof KsefError) || error.httpStatus !== 401) throw error;
      this.accessTokens.delete(`${credentials.nip}|${sha256Base64(credentials.ksefToken)}`);
      return call(await this.accessFor(credentials));
    }
  }

  // --- sending ----------------------------------------------------------------------------------

  async sendInvoice(
    credentials: KsefCredentials,
    xml: Uint8Array,
    options: { offlineMode: boolean; formCode: { systemCode: string; schemaVersion: string } },
  ): Promise<KsefSent> {
    const formCode: FormCode = { ...options.formCode, value: 'FA' };
    return this.withAccess(credentials, async (accessToken) => {
      const first = await this.sessionFor(accessToken, credentials.nip, formCode, false);
      try {
        return await this.sendIn(accessToken, first, xml, options.offlineMode);
      } catch (error) {
        // KSeF closed the session meanwhile (expired, archived): a new one, once.
        if (!(error instanceof KsefError) || (error.code !== 21180 && error.code !== 21173))
          throw error;
        const fresh = await this.sessionFor(accessToken, credentials.nip, formCode, true);
        return this.sendIn(accessToken, fresh, xml, options.offlineMode);
      }
    });
  }

  private async sessionFor(
    accessToken: string,
    nip: string,
    formCode: FormCode,
    renew: boolean,
  ): Promise<OpenSession> {
    const key = `${nip}|${formCode.systemCode}|${formCode.schemaVersion}`;
    const kept = this.sessions.get(key);
    if (kept && !renew && kept.validUntil > this.clock()) return kept;
    const certificates = await this.sandbox.publicKeyCertificates();
    const published = certificates.find((entry) => entry.usage.includes('SymmetricKeyEncryption'));
    if (!published) throw new KsefError(500, 'Brak klucza publicznego KSeF.', [], 500);
    const sessionKey = newSessionKey();
    const opened = await this.sandbox.openOnlineSession(accessToken, {
      formCode,
      encryption: {
        encryptedSymmetricKey: rsaOaepEncrypt(certificateOf(published.certificate), sessionKey.key),
        initializationVector: sessionKey.iv.toString('base64'),
        publicKeyId: published.publicKeyId,
      },
    });
    const session = {
      referenceNumber: opened.referenceNumber,
      key: sessionKey,
      validUntil: new Date(opened.validUntil),
    };
    this.sessions.set(key, session);
    return session;
  }

  private async sendIn(
    accessToken: string,
    session: OpenSession,
    xml: Uint8Array,
    offlineMode: boolean,
  ): Promise<KsefSent> {
    const encrypted = aesEncrypt(session.key, xml);
    const sent = await this.sandbox.sendInvoice(accessToken, session.referenceNumber, {
      invoiceHash: sha256Base64(xml),
      invoiceSize: xml.byteLength,
      encryptedInvoiceHash: sha256Base64(encrypted),
      encryptedInvoiceSize: encrypted.byteLength,
      encryptedInvoiceContent: encrypted.toString('base64'),
      offlineMode,
    });
    return { sessionReference: session.referenceNumber, invoiceReference: sent.referenceNumber };
  }

  async invoiceState(credentials: KsefCredentials, sent: KsefSent): Promise<KsefInvoiceState> {
    return this.withAccess(credentials, async (accessToken) => {
      const invoice = await this.sandbox.sessionInvoiceStatus(
        accessToken,
        sent.sessionReference,
        sent.invoiceReference,
      );
      const { code, description } = invoice.status;
      if (code === 100 || code === 150) return { state: 'processing', code, description };
      if (code === 200 && invoice.ksefNumber && invoice.acquisitionDate) {
        const upo = invoice.upoDownloadUrl
          ? (
              await this.sandbox.invoiceUpoByKsefNumber(
                accessToken,
                sent.sessionReference,
                invoice.ksefNumber,
              )
            ).body.toString('utf8')
          : undefined;
        return {
          state: 'accepted',
          code,
          description,
          ksefNumber: invoice.ksefNumber,
          acquisitionDate: new Date(invoice.acquisitionDate),
          upo,
        };
      }
      return { state: 'rejected', code, description, details: invoice.status.details ?? [] };
    });
  }

  // --- receiving --------------------------------------------------------------------------------

  async incomingSince(credentials: KsefCredentials, since: Date): Promise<KsefIncomingInvoice[]> {
    return this.withAccess(credentials, async (accessToken) => {
      const found = new Map<string, KsefIncomingInvoice>();
      const now = this.clock();
      let from = since;
      while (from < now) {
        const to = new Date(Math.min(from.getTime() + QUERY_WINDOW_MS, now.getTime()));
        for (let pageOffset = 0; ; pageOffset += 1) {
          const page = await this.sandbox.queryInvoiceMetadata(
            accessToken,
            {
              subjectType: 'Subject2',
              dateRange: {
                dateType: 'PermanentStorage',
                from: from.toISOString(),
                to: to.toISOString(),
              },
            },
            { sortOrder: 'Asc', pageOffset, pageSize: QUERY_PAGE_SIZE },
          );
          for (const invoice of page.invoices) {
            const stored = new Date(invoice.permanentStorageDate);
            if (stored <= since) continue;
            found.set(invoice.ksefNumber, {
              ksefNumber: invoice.ksefNumber,
              invoiceNumber: invoice.invoiceNumber,
              sellerNip: invoice.seller.nip,
              sellerName: invoice.seller.name ?? null,
              buyerNip:
                invoice.buyer.identifier.type === 'Nip'
                  ? (invoice.buyer.identifier.value ?? null)
                  : null,
              invoicingDate: new Date(invoice.invoicingDate),
              acquisitionDate: new Date(invoice.acquisitionDate),
              permanentStorageDate: stored,
              invoiceHash: invoice.invoiceHash,
            });
          }
          if (!page.hasMore) break;
        }
        from = to;
      }
      return [...found.values()].sort(
        (left, right) => left.permanentStorageDate.getTime() - right.permanentStorageDate.getTime(),
      );
    });
  }

  async downloadInvoice(credentials: KsefCredentials, ksefNumber: string): Promise<Uint8Array> {
    return this.withAccess(credentials, async (accessToken) => {
      const downloaded = await this.sandbox.invoiceByKsefNumber(accessToken, ksefNumber);
      if (sha256Base64(downloaded.body) !== downloaded.hash) {
        throw new KsefError(
          500,
          'Skrót pobranej faktury nie zgadza się z x-ms-meta-hash.',
          [],
          500,
        );
      }
      return new Uint8Array(downloaded.body);
    });
  }

  // --- sandbox only -----------------------------------------------------------------------------

  async signWithTestCertificate(nip: string, xml: string): Promise<string> {
    requireNip(nip);
    const signer = await this.sandbox.testCertificate(nip);
    return signXadesEnveloped(xml, signer, this.clock());
  }

  async issueTestKsefToken(nip: string): Promise<string> {
    requireNip(nip);
    return (await this.sandbox.issueTestKsefToken(nip)).token;
  }

  async archiveNow(nip: string): Promise<number> {
    requireNip(nip);
    return this.sandbox.archiveNow(nip);
  }
}
