/*
 * Authentication (`docs/uwierzytelnianie.md`): a challenge; then either an XAdES-signed
 * AuthTokenRequest or a KSeF token encrypted with the challenge's timestamp; the operation's
 * status; its tokens redeemed once (access token, refresh token); access tokens refreshed.
 *
 * What KSeF refuses on receipt (unreadable document, bad signature, untrusted certificate,
 * unknown or used challenge…) is a 400 with its exception code and changes nothing: the
 * challenge stays unused. What KSeF decides in the operation (the subject lacks permissions in
 * the context, 415; a wrong or inactive KSeF token, 450) is an accepted operation (202) whose
 * status says so, as in KSeF; its challenge is spent.
 *
 * Every token the sandbox hands out is random and opaque (KSeF's are JWTs: a client must not
 * read them anyway) and kept as its SHA-256 only.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { isValidNip } from '@fiscus/ksef';
import {
  ksefSandboxAccessTokens,
  ksefSandboxAuthOperations,
  ksefSandboxChallenges,
} from '../../../db/schema/index.ts';
import { readAuthTokenRequest } from '../wire/auth-token-request.ts';
import type {
  AuthenticationChallengeResponse,
  AuthenticationInitResponse,
  AuthenticationMethod,
  AuthenticationOperationStatusResponse,
  AuthenticationTokenRefreshResponse,
  AuthenticationTokensResponse,
  CertificateSubjectIdentifier,
  TokenPermissionType,
} from '../wire/api-types.ts';
import type { NameAttribute } from '../wire/pkcs10.ts';
import { rsaOaepDecrypt, sha256Base64 } from '../wire/ksef-crypto.ts';
import { verifyXadesEnveloped, type XadesRefusal } from '../wire/xades.ts';
import { subjectIdentity, trustedBy, type SubjectIdentity } from './certificates.ts';
import { AUTH_STATUS, ksefException, unauthorised, type ExceptionName } from './codes.ts';
import { newOpaqueToken, plusMs, tokenHash, type SandboxDeps } from './context.ts';
import { enrollmentAttributes, internalCertificate } from './ksef-certificates.ts';
import { subjectAttributes } from './ksef-ca.ts';
import { findKsefToken, ksefTokenByReference } from './ksef-tokens.ts';
import { newReference } from './references.ts';
import { BodyReader } from './request-body.ts';

/** A challenge answers one authentication within 10 minutes (`uwierzytelnianie.md` §1). */
export const CHALLENGE_TTL_MS = 10 * 60_000;
/** The operation's own token (status, redeem): 45 minutes, as KSeF's example JWT. */
const OPERATION_TTL_MS = 45 * 60_000;
/** Access tokens live about a quarter of an hour (KSeF's example: 900 s). */
export const ACCESS_TTL_MS = 15 * 60_000;
/** Refresh tokens: 7 days. */
const REFRESH_TTL_MS = 7 * 86_400_000;
/** The size of a signed AuthTokenRequest the sandbox reads at most. */
export const MAX_SIGNED_REQUEST_BYTES = 256 * 1024;

/** What the owner of a NIP (its seal or its owner's signature) may do in its context. */
export const OWNER_PERMISSIONS: readonly TokenPermissionType[] = [
  'InvoiceRead',
  'InvoiceWrite',
  'CredentialsRead',
  'CredentialsManage',
  'SubunitManage',
  'Introspection',
];

/** Who calls with an access token: the context and what the authentication allows. */
export type AccessContext = {
  nip: string;
  authReference: string;
  permissions: TokenPermissionType[];
  ksefTokenReference: string | null;
  method: AuthenticationMethod;
  /** Who authenticated: a KSeF token's owner (the context NIP), a certificate's NIP/PESEL. */
  subject: CertificateSubjectIdentifier;
  /** The signer's certificate subject (enrollment data); null for a KSeF token. */
  certificateSubject: NameAttribute[] | null;
};

type Operation = typeof ksefSandboxAuthOperations.$inferSelect;

const XADES_CODES: Readonly<Record<XadesRefusal, ExceptionName>> = {
  unreadable: 'unreadable',
  'no-signature': 'noSignature',
  'too-many-signatures': 'tooManySignatures',
  'invalid-document': 'invalidDocument',
  'invalid-signature': 'invalidSignature',
  'invalid-certificate': 'invalidCertificate',
};

const METHOD_NAMES: Readonly<Record<string, string>> = {
  Token: 'Token KSeF',
  InternalCertificate: 'Certyfikat KSeF',
  QualifiedSeal: 'Pieczęć kwalifikowana',
  QualifiedSignature: 'Podpis kwalifikowany',
};

/** The bearer token of a call (the HTTP face strips `Bearer `); 401 without one. */
function bearerOf(token: string | undefined): string {
  const value = token?.trim() ?? '';
  if (!value) throw unauthorised();
  return value;
}

export class SandboxAuth {
  constructor(private readonly deps: SandboxDeps) {}

  /** POST /auth/challenge. */
  async challenge(clientIp: string): Promise<AuthenticationChallengeResponse> {
    const now = this.deps.clock();
    const challenge = newReference('CR', now);
    await this.deps.db.insert(ksefSandboxChallenges).values({ challenge, timestamp: now });
    return {
      challenge,
      timestamp: now.toISOString(),
      timestampMs: now.getTime(),
      clientIp,
    };
  }

  /** The challenge, if known, unused and fresh; else KSeF's 21111. */
  private async liveChallenge(challenge: string, now: Date) {
    const [row] = await this.deps.db
      .select()
      .from(ksefSandboxChallenges)
      .where(eq(ksefSandboxChallenges.challenge, challenge));
    if (!row) throw ksefException('invalidChallenge', ['Wyzwanie nie zostało wydane przez KSeF.']);
    if (row.usedAt) throw ksefException('invalidChallenge', ['Wyzwanie zostało już wykorzystane.']);
    if (now.getTime() - row.timestamp.getTime() > CHALLENGE_TTL_MS) {
      throw ksefException('invalidChallenge', ['Wyzwanie wygasło.']);
    }
    return row;
  }

  /**
   * Spends the challenge and records the operation, in one transaction: of two requests
   * answering one challenge (two processes), one gets the operation, the other 21111.
   */
  private async startOperation(
    challenge: string,
    now: Date,
    values: Omit<
      typeof ksefSandboxAuthOperations.$inferInsert,
      'referenceNumber' | 'authenticationTokenHash' | 'validUntil' | 'createdAt'
    >,
  ): Promise<AuthenticationInitResponse> {
    const referenceNumber = newReference('AU', now);
    const authenticationToken = newOpaqueToken();
    const validUntil = plusMs(now, OPERATION_TTL_MS);
    await this.deps.db.transaction(async (tx) => {
      const spent = await tx
        .update(ksefSandboxChallenges)
        .set({ usedAt: now })
        .where(
          and(eq(ksefSandboxChallenges.challenge, challenge), isNull(ksefSandboxChallenges.usedAt)),
        )
        .returning({ challenge: ksefSandboxChallenges.challenge });
      if (spent.length === 0) {
        throw ksefException('invalidChallenge', ['Wyzwanie zostało już wykorzystane.']);
      }
      await tx.insert(ksefSandboxAuthOperations).values({
        ...values,
        referenceNumber,
        authenticationTokenHash: tokenHash(authenticationToken),
        validUntil,
        createdAt: now,
      });
    });
    return {
      referenceNumber,
      authenticationToken: { token: authenticationToken, validUntil: validUntil.toISOString() },
    };
  }

  /**
   * POST /auth/xades-signature: the signed AuthTokenRequest. Refused with 400 (nothing kept):
   * unreadable (21001) or wrongly encoded (21217) text, no/too many/an invalid signature (9102,
   * 9103, 9101, 9105), a certificate that is unreadable, not issued by the sandbox CA or out of
   * its validity (21115), a document the schema refuses (21401), a subject without a NIP or a
   * context other than a NIP (21117), an unknown, used or stale challenge (21111). A
   * certificate naming another NIP than the context is an operation with status 415. A KSeF
   * certificate (`/certificates`) authenticates if of type Authentication and not revoked
   * (method InternalCertificate); an Offline one never does (21115).
   */
  async authenticateWithXades(input: string | Uint8Array): Promise<AuthenticationInitResponse> {
    const now = this.deps.clock();
    const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : Buffer.from(input);
    if (bytes.byteLength > MAX_SIGNED_REQUEST_BYTES) {
      throw ksefException('validation', [
        `Dokument jest większy niż ${MAX_SIGNED_REQUEST_BYTES} bajtów.`,
      ]);
    }
    let xml: string;
    try {
      xml = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    } catch {
      throw ksefException('wrongEncoding');
    }
    const verified = verifyXadesEnveloped(xml);
    if (!verified.ok) throw ksefException(XADES_CODES[verified.refusal], [verified.detail]);
    const authority = await this.deps.keys.authority();
    const trust = trustedBy(verified.certificate, authority.certificate, now);
    if (!trust.trusted) throw ksefException('invalidCertificate', [trust.detail]);
    const read = readAuthTokenRequest(verified.signedDocument);
    if (!read.ok) throw ksefException('schema', read.details);
    const { request } = read;
    if (request.context.type !== 'Nip') {
      throw ksefException('invalidSubjectIdentifier', [
        `Sandbox obsługuje kontekst Nip, nie ${request.context.type}.`,
      ]);
    }
    let identity: SubjectIdentity;
    try {
      identity = subjectIdentity(verified.certificate);
    } catch {
      throw ksefException('invalidCertificate', ['Nie można odczytać podmiotu certyfikatu.']);
    }
    if (
      request.subjectIdentifierType === 'certificateSubject' &&
      !identity.nip &&
      !identity.pesel
    ) {
      throw ksefException('invalidSubjectIdentifier', [
        'Certyfikat nie zawiera identyfikatora NIP (organizationIdentifier VATPL-…, serialNumber TINPL-…) ani PESEL.',
      ]);
    }
    const internal = await internalCertificate(this.deps, verified.certificate);
    if (internal?.type === 'Offline') {
      throw ksefException('invalidCertificate', [
        'Certyfikat KSeF typu Offline nie służy do uwierzytelniania.',
      ]);
    }
    if (internal?.revoked) {
      throw ksefException('invalidCertificate', ['Certyfikat KSeF został unieważniony.']);
    }
    let certificateSubject: NameAttribute[];
    try {
      certificateSubject = enrollmentAttributes(subjectAttributes(verified.certificate.raw));
    } catch {
      throw ksefException('invalidCertificate', ['Nie można odczytać podmiotu certyfikatu.']);
    }
    await this.liveChallenge(request.challenge, now);
    const method: AuthenticationMethod = internal
      ? 'InternalCertificate'
      : identity.kind === 'seal'
        ? 'QualifiedSeal'
        : 'QualifiedSignature';
    const subjectIdentifier: CertificateSubjectIdentifier = identity.nip
      ? { type: 'Nip', value: identity.nip }
      : identity.pesel
        ? { type: 'Pesel', value: identity.pesel }
        : {
            type: 'Fingerprint',
            value: createHash('sha256')
              .update(verified.certificate.raw)
              .digest('hex')
              .toUpperCase(),
          };
    const owner =
      request.subjectIdentifierType === 'certificateSubject' &&
      identity.nip === request.context.value;
    const status = owner ? AUTH_STATUS.succeeded : AUTH_STATUS.noPermissions;
    return this.startOperation(request.challenge, now, {
      contextNip: request.context.value,
      method,
      statusCode: status[0],
      statusDescription: status[1],
      statusDetails: owner
        ? []
        : [
            request.subjectIdentifierType === 'certificateSubject'
              ? `Brak przypisanych uprawnień: podmiot certyfikatu (${identity.nip ?? `PESEL ${identity.pesel ?? ''}`}) nie ma uprawnień w kontekście NIP ${request.context.value}.`
              : 'Brak przypisanych uprawnień: odcisk certyfikatu nie ma uprawnień w kontekście.',
          ],
      permissions: owner ? [...OWNER_PERMISSIONS] : [],
      documentHash: sha256Base64(bytes),
      subjectIdentifier,
      certificateSubject,
    });
  }

  /**
   * POST /auth/ksef-token: `encryptedToken` is `token|timestampMs` under KSeF's public key.
   * Refused with 400: a body of the wrong shape (21405), an unknown key id (21470), an unknown,
   * used or stale challenge (21111). The token itself is judged in the operation (status 450:
   * undecipherable or unknown token, another context, another timestamp, inactive or revoked).
   */
  async authenticateWithKsefToken(body: unknown): Promise<AuthenticationInitResponse> {
    const now = this.deps.clock();
    const reader = new BodyReader(body);
    const challenge = reader.string('challenge', { min: 36, max: 36 });
    const context = reader.object('contextIdentifier');
    const contextType = context?.oneOf('type', [
      'Nip',
      'InternalId',
      'NipVatUe',
      'PeppolId',
    ] as const);
    const contextValue = context?.string('value') ?? '';
    const encryptedToken = reader.string('encryptedToken', { min: 1 });
    const publicKeyId = reader.optionalString('publicKeyId', { min: 44, max: 44 });
    reader.done();
    if (contextType !== 'Nip' || !isValidNip(contextValue)) {
      throw ksefException('validation', [
        'Sandbox obsługuje kontekst Nip z poprawnym numerem NIP.',
      ]);
    }
    const key = await this.deps.keys.encryption();
    if (publicKeyId !== undefined && publicKeyId !== key.publicKeyId) {
      throw ksefException('unknownKey', [
        `Klucz o identyfikatorze ${publicKeyId} nie jest wspierany.`,
      ]);
    }
    const live = await this.liveChallenge(challenge, now);
    const verdict = await this.judgeToken(
      key.privateKeyPem,
      encryptedToken,
      live.timestamp.getTime(),
      contextValue,
    );
    const status = verdict.ok ? AUTH_STATUS.succeeded : AUTH_STATUS.badToken;
    return this.startOperation(challenge, now, {
      contextNip: contextValue,
      method: 'Token',
      statusCode: status[0],
      statusDescription: status[1],
      statusDetails: verdict.ok ? [] : [verdict.detail],
      permissions: verdict.ok ? verdict.permissions : [],
      ksefTokenReference: verdict.ok ? verdict.reference : null,
    });
  }

  private async judgeToken(
    privateKeyPem: string,
    encryptedToken: string,
    timestampMs: number,
    nip: string,
  ): Promise<
    | { ok: true; reference: string; permissions: TokenPermissionType[] }
    | { ok: false; detail: string }
  > {
    let plain: string;
    try {
      plain = rsaOaepDecrypt(privateKeyPem, encryptedToken).toString('utf8');
    } catch {
      return { ok: false, detail: 'Nieprawidłowy token' };
    }
    const separator = plain.lastIndexOf('|');
    const token = separator === -1 ? '' : plain.slice(0, separator);
    if (plain.slice(separator + 1) !== String(timestampMs)) {
      return { ok: false, detail: 'Nieprawidłowy czas tokena' };
    }
    const stored = await findKsefToken(this.deps, token);
    if (!stored || stored.contextNip !== nip) return { ok: false, detail: 'Nieprawidłowy token' };
    if (stored.status === 'Revoked' || stored.status === 'Revoking') {
      return { ok: false, detail: 'Token unieważniony' };
    }
    if (stored.status !== 'Active') return { ok: false, detail: 'Token nieaktywny' };
    return {
      ok: true,
      reference: stored.referenceNumber,
      permissions: stored.permissions as TokenPermissionType[],
    };
  }

  private async operationOfToken(bearer: string | undefined): Promise<Operation> {
    const token = bearerOf(bearer);
    const [operation] = await this.deps.db
      .select()
      .from(ksefSandboxAuthOperations)
      .where(eq(ksefSandboxAuthOperations.authenticationTokenHash, tokenHash(token)));
    if (!operation || operation.validUntil < this.deps.clock()) throw unauthorised();
    return operation;
  }

  /** GET /auth/{referenceNumber}, with the operation's authentication token. */
  async status(
    bearer: string | undefined,
    referenceNumber: string,
  ): Promise<AuthenticationOperationStatusResponse> {
    const operation = await this.operationOfToken(bearer);
    if (operation.referenceNumber !== referenceNumber) {
      throw ksefException('notAuthenticated', [
        `Operacja uwierzytelniania o numerze referencyjnym ${referenceNumber} nie została znaleziona.`,
      ]);
    }
    const method = operation.method as AuthenticationMethod;
    const details = operation.statusDetails as string[];
    return {
      startDate: operation.createdAt.toISOString(),
      authenticationMethod: method,
      authenticationMethodInfo: {
        category: method === 'Token' ? 'Token' : 'XadesSignature',
        code: method === 'Token' ? 'Token' : `XadesSignature.${method}`,
        displayName: METHOD_NAMES[method] ?? method,
      },
      status: {
        code: operation.statusCode,
        description: operation.statusDescription,
        ...(details.length > 0 ? { details } : {}),
      },
      isTokenRedeemed: operation.redeemedAt !== null,
    };
  }

  /** POST /auth/token/redeem: the access and refresh tokens, once. */
  async redeem(bearer: string | undefined): Promise<AuthenticationTokensResponse> {
    const operation = await this.operationOfToken(bearer);
    const now = this.deps.clock();
    if (operation.statusCode !== AUTH_STATUS.succeeded[0]) {
      throw ksefException('unauthorised', [
        `Status uwierzytelniania (${operation.statusCode}) nie pozwala na pobranie tokenów.`,
      ]);
    }
    const accessToken = newOpaqueToken();
    const refreshToken = newOpaqueToken();
    const accessUntil = plusMs(now, ACCESS_TTL_MS);
    const refreshUntil = plusMs(now, REFRESH_TTL_MS);
    await this.deps.db.transaction(async (tx) => {
      const redeemed = await tx
        .update(ksefSandboxAuthOperations)
        .set({ redeemedAt: now })
        .where(
          and(
            eq(ksefSandboxAuthOperations.referenceNumber, operation.referenceNumber),
            isNull(ksefSandboxAuthOperations.redeemedAt),
          ),
        )
        .returning({ referenceNumber: ksefSandboxAuthOperations.referenceNumber });
      if (redeemed.length === 0) {
        throw ksefException('unauthorised', [
          `Tokeny dla operacji uwierzytelniania ${operation.referenceNumber} zostały już pobrane.`,
        ]);
      }
      const common = {
        contextNip: operation.contextNip,
        authReference: operation.referenceNumber,
        createdAt: now,
      };
      await tx.insert(ksefSandboxAccessTokens).values([
        { ...common, tokenHash: tokenHash(accessToken), kind: 'access', validUntil: accessUntil },
        {
          ...common,
          tokenHash: tokenHash(refreshToken),
          kind: 'refresh',
          validUntil: refreshUntil,
        },
      ]);
    });
    return {
      accessToken: { token: accessToken, validUntil: accessUntil.toISOString() },
      refreshToken: { token: refreshToken, validUntil: refreshUntil.toISOString() },
    };
  }

  /** POST /auth/token/refresh: a new access token for a live refresh token. */
  async refresh(bearer: string | undefined): Promise<AuthenticationTokenRefreshResponse> {
    const now = this.deps.clock();
    const row = await this.liveToken(bearerOf(bearer), 'refresh', now);
    const operation = await this.operation(row.authReference);
    if (!operation || operation.statusCode !== AUTH_STATUS.succeeded[0]) {
      throw ksefException('unauthorised', [
        `Status uwierzytelniania (${operation?.statusCode ?? '-'}) nie pozwala na odświeżenie tokenu dostępowego.`,
      ]);
    }
    if (operation.ksefTokenReference) {
      const token = await ksefTokenByReference(this.deps, operation.ksefTokenReference);
      if (token?.status !== 'Active')
        throw ksefException('unauthorised', ['Token KSeF został unieważniony.']);
    }
    const accessToken = newOpaqueToken();
    const accessUntil = plusMs(now, ACCESS_TTL_MS);
    await this.deps.db.insert(ksefSandboxAccessTokens).values({
      tokenHash: tokenHash(accessToken),
      kind: 'access',
      contextNip: row.contextNip,
      authReference: row.authReference,
      validUntil: accessUntil,
      createdAt: now,
    });
    return { accessToken: { token: accessToken, validUntil: accessUntil.toISOString() } };
  }

  private async liveToken(token: string, kind: 'access' | 'refresh', now: Date) {
    const [row] = await this.deps.db
      .select()
      .from(ksefSandboxAccessTokens)
      .where(
        and(
          eq(ksefSandboxAccessTokens.tokenHash, tokenHash(token)),
          eq(ksefSandboxAccessTokens.kind, kind),
          gt(ksefSandboxAccessTokens.validUntil, now),
        ),
      );
    if (!row) throw unauthorised('Token dostępowy jest nieprawidłowy lub wygasł.');
    return row;
  }

  private async operation(referenceNumber: string): Promise<Operation | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(ksefSandboxAuthOperations)
      .where(eq(ksefSandboxAuthOperations.referenceNumber, referenceNumber));
    return row;
  }

  /** The caller of a protected path, by its access token (401 without a live one). */
  async access(bearer: string | undefined): Promise<AccessContext> {
    const now = this.deps.clock();
    const row = await this.liveToken(bearerOf(bearer), 'access', now);
    const operation = await this.operation(row.authReference);
    if (!operation) throw unauthorised();
    return {
      nip: row.contextNip,
      authReference: row.authReference,
      permissions: operation.permissions as TokenPermissionType[],
      ksefTokenReference: operation.ksefTokenReference,
      method: operation.method as AuthenticationMethod,
      subject: (operation.subjectIdentifier as CertificateSubjectIdentifier | null) ?? {
        type: 'Nip',
        value: row.contextNip,
      },
      certificateSubject: operation.certificateSubject as NameAttribute[] | null,
    };
  }

  /** How an operation authenticated, as its sessions' UPOs name it. */
  async authenticationOf(
    referenceNumber: string | null,
  ): Promise<
    { NumerReferencyjnyTokenaKSeF: string } | { SkrotDokumentuUwierzytelniajacego: string }
  > {
    const operation = referenceNumber ? await this.operation(referenceNumber) : undefined;
    if (operation?.ksefTokenReference) {
      return { NumerReferencyjnyTokenaKSeF: operation.ksefTokenReference };
    }
    if (operation?.documentHash)
      return { SkrotDokumentuUwierzytelniajacego: operation.documentHash };
    throw new Error(`KSeF sandbox: the authentication ${referenceNumber ?? '-'} is not recorded`);
  }
}
