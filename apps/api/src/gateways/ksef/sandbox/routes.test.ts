/*
 * The sandbox KSeF over HTTP, driven as a client of the real KSeF 2.0 API drives it: every
 * step through `app.inject`, with the key taken from /security/public-key-certificates.
 */
import { X509Certificate, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkKsefNumber, readUpo } from '@fiscus/ksef';
import { createTestDatabase } from '../../../../test/test-app.ts';
import type {
  AuthenticationChallengeResponse,
  AuthenticationInitResponse,
  AuthenticationTokensResponse,
  ExceptionResponse,
  PublicKeyCertificate,
  QueryInvoicesMetadataResponse,
  SessionInvoiceStatusResponse,
  SessionStatusResponse,
} from '../wire/api-types.ts';
import { authTokenRequestXml } from '../wire/auth-token-request.ts';
import {
  aesEncrypt,
  encryptKsefToken,
  newSessionKey,
  rsaOaepEncrypt,
  sha256Base64,
} from '../wire/ksef-crypto.ts';
import { signXadesEnveloped } from '../wire/xades.ts';
import { KsefSandbox } from './ksef-sandbox.ts';
import { ksefSandboxRoutes } from './routes.ts';

const KSEF = resolve(import.meta.dirname, '../../../../../../../shared/spec/ksef');
const OFFICIAL = readFileSync(resolve(KSEF, 'samples/fa3-official-mf/FA_3_Przykład_1.xml'));
const SELLER = '9999999999';
const BUYER = '1111111111';
const BASE = '/api/ksef-sandbox/v2';

describe('the sandbox KSeF over HTTP', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;
  let sandbox: KsefSandbox;
  let now = new Date('2026-03-02T10:00:00.000Z');
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  const call = (
    method: 'GET' | 'POST',
    path: string,
    options: {
      token?: string;
      json?: unknown;
      xml?: string;
      headers?: Record<string, string>;
    } = {},
  ) =>
    app.inject({
      method,
      url: `${BASE}${path}`,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.xml !== undefined ? { 'content-type': 'application/xml' } : {}),
        ...options.headers,
      },
      ...(options.json !== undefined ? { payload: options.json as object } : {}),
      ...(options.xml !== undefined ? { payload: options.xml } : {}),
    });

  /** challenge → token encrypted with the published key → status → redeem: the access token. */
  async function logInWithKsefToken(nip: string, ksefToken: string): Promise<string> {
    const keys = (await call('GET', '/security/public-key-certificates')).json<
      PublicKeyCertificate[]
    >();
    const published = keys.find((key) => key.usage.includes('KsefTokenEncryption'));
    if (!published) throw new Error('no key');
    const certificate = new X509Certificate(Buffer.from(published.certificate, 'base64'));
    const challenge = (
      await call('POST', '/auth/challenge')
    ).json<AuthenticationChallengeResponse>();
    const started = await call('POST', '/auth/ksef-token', {
      json: {
        challenge: challenge.challenge,
        contextIdentifier: { type: 'Nip', value: nip },
        encryptedToken: encryptKsefToken(certificate, ksefToken, challenge.timestampMs),
        publicKeyId: published.publicKeyId,
      },
    });
    expect(started.statusCode).toBe(202);
    const operation = started.json<AuthenticationInitResponse>();
    const status = await call('GET', `/auth/${operation.referenceNumber}`, {
      token: operation.authenticationToken.token,
    });
    expect(status.json()).toMatchObject({
      authenticationMethod: 'Token',
      status: { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' },
    });
    const redeemed = await call('POST', '/auth/token/redeem', {
      token: operation.authenticationToken.token,
    });
    expect(redeemed.statusCode).toBe(200);
    const again = await call('POST', '/auth/token/redeem', {
      token: operation.authenticationToken.token,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<ExceptionResponse>().exception.exceptionDetailList[0]?.exceptionCode).toBe(
      21301,
    );
    return redeemed.json<AuthenticationTokensResponse>().accessToken.token;
  }

  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.handle.migrate();
    sandbox = new KsefSandbox({
      db: handle.handle.db,
      clock: () => new Date(now.getTime()),
      numberDelayMs: 1_000,
      upoDelayMs: 3_000,
      apiUrl: `https://sandbox.fiscus.test${BASE}`,
    });
    app = Fastify({ logger: false });
    await app.register(ksefSandboxRoutes, { prefix: BASE, sandbox });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await handle?.drop();
  });

  it('publishes its public key in a certificate, as DER in Base64, with its ids', async () => {
    const response = await call('GET', '/security/public-key-certificates');
    expect(response.statusCode).toBe(200);
    const [key] = response.json<PublicKeyCertificate[]>();
    if (!key) throw new Error('no key');
    const certificate = new X509Certificate(Buffer.from(key.certificate, 'base64'));
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(key.usage).toEqual(['KsefTokenEncryption', 'SymmetricKeyEncryption']);
    expect(key.certificateId).toBe(createHash('sha256').update(certificate.raw).digest('base64'));
    expect(key.publicKeyId).toBe(
      createHash('sha256')
        .update(certificate.publicKey.export({ type: 'spki', format: 'der' }))
        .digest('base64'),
    );
  });

  it('takes a KSeF token, an encrypted invoice in an online session, and gives its number and UPOs', async () => {
    const { token: ksefToken } = await sandbox.issueTestKsefToken(SELLER);
    const accessToken = await logInWithKsefToken(SELLER, ksefToken);

    const keys = (await call('GET', '/security/public-key-certificates')).json<
      PublicKeyCertificate[]
    >();
    const published = keys.find((key) => key.usage.includes('SymmetricKeyEncryption'));
    if (!published) throw new Error('no key');
    const certificate = new X509Certificate(Buffer.from(published.certificate, 'base64'));
    const sessionKey = newSessionKey();
    const opened = await call('POST', '/sessions/online', {
      token: accessToken,
      json: {
        formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
        encryption: {
          encryptedSymmetricKey: rsaOaepEncrypt(certificate, sessionKey.key),
          initializationVector: sessionKey.iv.toString('base64'),
          publicKeyId: published.publicKeyId,
        },
      },
    });
    expect(opened.statusCode).toBe(201);
    const session = opened.json<{ referenceNumber: string; validUntil: string }>();
    expect(session.validUntil).toBe('2026-03-02T22:00:00.000Z');

    const encrypted = aesEncrypt(sessionKey, OFFICIAL);
    expect(encrypted.byteLength).toBe((Math.floor(OFFICIAL.byteLength / 16) + 1) * 16);
    const sent = await call('POST', `/sessions/online/${session.referenceNumber}/invoices`, {
      token: accessToken,
      json: {
        invoiceHash: sha256Base64(OFFICIAL),
        invoiceSize: OFFICIAL.byteLength,
        encryptedInvoiceHash: sha256Base64(encrypted),
        encryptedInvoiceSize: encrypted.byteLength,
        encryptedInvoiceContent: encrypted.toString('base64'),
        offlineMode: false,
      },
    });
    expect(sent.statusCode).toBe(202);
    const invoiceReference = sent.json<{ referenceNumber: string }>().referenceNumber;
    const statusPath = `/sessions/${session.referenceNumber}/invoices/${invoiceReference}`;

    const processing = (
      await call('GET', statusPath, { token: accessToken })
    ).json<SessionInvoiceStatusResponse>();
    expect(processing).toMatchObject({
      ordinalNumber: 1,
      status: { code: 100 },
      invoiceHash: sha256Base64(OFFICIAL),
    });

    advance(1_000);
    const accepted = (
      await call('GET', statusPath, { token: accessToken })
    ).json<SessionInvoiceStatusResponse>();
    expect(accepted.status).toEqual({ code: 200, description: 'Sukces' });
    const ksefNumber = accepted.ksefNumber ?? '';
    expect(checkKsefNumber(ksefNumber).valid).toBe(true);
    expect(accepted.invoiceNumber).toBe('FV2026/02/150');
    expect(accepted.invoicingMode).toBe('Online');
    expect(accepted.upoDownloadUrl).toBeNull();

    advance(3_000);
    const withUpo = (
      await call('GET', statusPath, { token: accessToken })
    ).json<SessionInvoiceStatusResponse>();
    expect(withUpo.upoDownloadUrl).toBe(
      `https://sandbox.fiscus.test${BASE}/sessions/${session.referenceNumber}/invoices/ksef/${ksefNumber}/upo`,
    );
    const invoiceUpo = await call(
      'GET',
      `/sessions/${session.referenceNumber}/invoices/ksef/${ksefNumber}/upo`,
      {
        token: accessToken,
      },
    );
    expect(invoiceUpo.statusCode).toBe(200);
    expect(invoiceUpo.headers['content-type']).toContain('application/xml');
    expect(invoiceUpo.headers['x-ms-meta-hash']).toBe(sha256Base64(invoiceUpo.rawPayload));
    expect(readUpo(invoiceUpo.rawPayload).upo?.Dokument[0]?.NumerKSeFDokumentu).toBe(ksefNumber);

    const closed = await call('POST', `/sessions/online/${session.referenceNumber}/close`, {
      token: accessToken,
    });
    expect(closed.statusCode).toBe(204);
    const closing = (
      await call('GET', `/sessions/${session.referenceNumber}`, { token: accessToken })
    ).json<SessionStatusResponse>();
    expect(closing.status).toEqual({ code: 170, description: 'Sesja interaktywna zamknięta' });
    expect(closing.upo).toBeNull();
    advance(3_000);
    const done = (
      await call('GET', `/sessions/${session.referenceNumber}`, { token: accessToken })
    ).json<SessionStatusResponse>();
    expect(done).toMatchObject({
      status: { code: 200, description: 'Sesja interaktywna przetworzona pomyślnie' },
      invoiceCount: 1,
      successfulInvoiceCount: 1,
      failedInvoiceCount: 0,
    });
    const page = done.upo?.pages[0];
    if (!page) throw new Error('no UPO page');
    expect(page.referenceNumber).toMatch(/^20260302-EU-/);
    const sessionUpo = await call(
      'GET',
      `/sessions/${session.referenceNumber}/upo/${page.referenceNumber}`,
      {
        token: accessToken,
      },
    );
    const read = readUpo(sessionUpo.rawPayload);
    expect(read.ok).toBe(true);
    expect(read.upo?.OpisPotwierdzenia?.CalkowitaLiczbaDokumentow).toBe('1');
    expect(read.upo?.Dokument.map((document) => document.NumerKSeFDokumentu)).toEqual([ksefNumber]);

    // The buyer lists it by permanent storage date and downloads the very bytes sent.
    const buyerAccess = await logInWithKsefToken(
      BUYER,
      (await sandbox.issueTestKsefToken(BUYER)).token,
    );
    const listed = await call('POST', '/invoices/query/metadata?pageSize=10&sortOrder=Asc', {
      token: buyerAccess,
      json: {
        subjectType: 'Subject2',
        dateRange: { dateType: 'PermanentStorage', from: '2026-03-02T00:00:00+01:00' },
      },
    });
    expect(listed.statusCode).toBe(200);
    const metadata = listed.json<QueryInvoicesMetadataResponse>();
    expect(metadata.hasMore).toBe(false);
    expect(metadata.invoices).toHaveLength(1);
    expect(metadata.invoices[0]).toMatchObject({
      ksefNumber,
      invoiceNumber: 'FV2026/02/150',
      issueDate: '2026-02-15',
      seller: { nip: SELLER, name: 'ABC AGD sp. z o. o.' },
      buyer: { identifier: { type: 'Nip', value: BUYER }, name: 'F.H.U. Jan Kowalski' },
      netAmount: 1667.61,
      vatAmount: 383.38,
      grossAmount: 2051,
      currency: 'PLN',
      invoiceType: 'Vat',
      formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
      invoiceHash: sha256Base64(OFFICIAL),
    });
    const downloaded = await call('GET', `/invoices/ksef/${ksefNumber}`, { token: buyerAccess });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(OFFICIAL)).toBe(true);
    expect(downloaded.headers['x-ms-meta-hash']).toBe(sha256Base64(OFFICIAL));
  });

  it('authenticates with a XAdES-signed AuthTokenRequest posted as XML', async () => {
    const challenge = (
      await call('POST', '/auth/challenge')
    ).json<AuthenticationChallengeResponse>();
    const signer = await sandbox.testCertificate(BUYER, 'F.H.U. Jan Kowalski');
    const signed = signXadesEnveloped(
      authTokenRequestXml({ challenge: challenge.challenge, nip: BUYER }),
      signer,
      now,
    );
    const started = await call('POST', '/auth/xades-signature', { xml: signed });
    expect(started.statusCode).toBe(202);
    const operation = started.json<AuthenticationInitResponse>();
    const status = await call('GET', `/auth/${operation.referenceNumber}`, {
      token: operation.authenticationToken.token,
    });
    expect(status.json()).toMatchObject({
      authenticationMethod: 'QualifiedSeal',
      status: { code: 200 },
    });
    const tokens = (
      await call('POST', '/auth/token/redeem', { token: operation.authenticationToken.token })
    ).json<AuthenticationTokensResponse>();
    const made = await call('POST', '/tokens', {
      token: tokens.accessToken.token,
      json: { permissions: ['InvoiceRead'], description: 'Odczyt faktur' },
    });
    expect(made.statusCode).toBe(202);
    const listed = await call('GET', '/tokens', { token: tokens.accessToken.token });
    expect(
      listed
        .json<{ tokens: { referenceNumber: string }[] }>()
        .tokens.map((token) => token.referenceNumber),
    ).toContain(made.json<{ referenceNumber: string }>().referenceNumber);
    const refreshed = await call('POST', '/auth/token/refresh', {
      token: tokens.refreshToken.token,
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('answers refusals in KSeF’s shapes', async () => {
    const invalid = await call('POST', '/auth/ksef-token', { json: { challenge: 'x' } });
    expect(invalid.statusCode).toBe(400);
    const body = invalid.json<ExceptionResponse>();
    expect(body.exception.exceptionDetailList[0]).toMatchObject({
      exceptionCode: 21405,
      exceptionDescription: 'Błąd walidacji danych wejściowych.',
    });
    expect(body.exception.exceptionDetailList[0]?.details?.length).toBeGreaterThan(1);

    const problem = await call('POST', '/auth/ksef-token', {
      json: { challenge: 'x' },
      headers: { 'x-error-format': 'problem-details' },
    });
    expect(problem.headers['content-type']).toContain('application/problem+json');
    expect(problem.json()).toMatchObject({ status: 400, errors: [{ code: 21405 }] });

    const unsigned = await call('POST', '/auth/xades-signature', {
      xml: authTokenRequestXml({ challenge: '20260302-CR-0000000000-0000000000-00', nip: SELLER }),
    });
    expect(unsigned.json<ExceptionResponse>().exception.exceptionDetailList[0]?.exceptionCode).toBe(
      9102,
    );

    const anonymous = await call('GET', '/sessions/20260302-SO-0000000000-0000000000-00');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    expect(anonymous.json()).toMatchObject({ title: 'Unauthorized', status: 401 });

    const empty = await call('POST', '/auth/ksef-token', {
      headers: { 'content-type': 'application/json' },
      xml: undefined,
    });
    expect(empty.statusCode).toBe(400);

    const tooLarge = await app.inject({
      method: 'POST',
      url: `${BASE}/auth/ksef-token`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ challenge: 'x'.repeat(70_000) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<ExceptionResponse>().exception.exceptionDetailList[0]?.exceptionCode).toBe(
      21405,
    );
  });
});
