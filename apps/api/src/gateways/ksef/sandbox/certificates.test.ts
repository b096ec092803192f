/*
 * KSeF certificates over the sandbox's HTTP face, as a client of the real KSeF 2.0 asks for
 * them: XAdES authentication, limits, enrollment data, a PKCS#10 request (EC P-256 or RSA
 * 2048), the enrollment's status, the certificate retrieved and listed; KOD II signed with the
 * Offline certificate's key verifies with its public key; KSeF's refusals (25001-25011, 21405,
 * 21115, 401, 410).
 */
import { X509Certificate, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineCertificateLink, verifyOfflineCertificateLink } from '@fiscus/ksef';
import { createTestDatabase } from '../../../../test/test-app.ts';
import { ksefSandboxKeys } from '../../../db/schema/index.ts';
import type {
  AuthenticationChallengeResponse,
  AuthenticationInitResponse,
  AuthenticationOperationStatusResponse,
  AuthenticationTokensResponse,
  CertificateEnrollmentDataResponse,
  CertificateEnrollmentStatusResponse,
  CertificateLimitsResponse,
  EnrollCertificateResponse,
  ExceptionResponse,
  QueryCertificatesResponse,
  RetrieveCertificatesResponse,
} from '../wire/api-types.ts';
import { authTokenRequestXml } from '../wire/auth-token-request.ts';
import { encryptKsefToken } from '../wire/ksef-crypto.ts';
import {
  childrenOf,
  contextTag,
  expectConstructed,
  oidText,
  readWhole,
  TAG,
  type DerElement,
} from '../wire/der.ts';
import { makeCsr, SUBJECT_OIDS, type NameAttribute } from '../wire/pkcs10.ts';
import { signXadesEnveloped } from '../wire/xades.ts';
import type { KeyAndCertificate } from './certificates.ts';
import { KsefSandbox } from './ksef-sandbox.ts';
import { ksefSandboxRoutes } from './routes.ts';

const KSEF = resolve(import.meta.dirname, '../../../../../../../shared/spec/ksef');
const OFFICIAL = readFileSync(resolve(KSEF, 'samples/fa3-official-mf/FA_3_Przykład_1.xml'));
const SELLER = '9999999999';
const OTHER = '5265877635';
const BASE = '/api/ksef-sandbox/v2';
const DELAY_MS = 1_000;

/** The request's subject from the enrollment data, field by field. */
function subjectOf(data: CertificateEnrollmentDataResponse): NameAttribute[] {
  return (Object.keys(SUBJECT_OIDS) as (keyof typeof SUBJECT_OIDS)[]).flatMap((field) => {
    const value = data[field];
    return typeof value === 'string' ? [{ oid: SUBJECT_OIDS[field], value }] : [];
  });
}

/** The keyUsage bits of a certificate (first byte of the BIT STRING's value). */
function keyUsageByte(certificate: X509Certificate): number | undefined {
  const [tbs] = expectConstructed(readWhole(certificate.raw), TAG.sequence);
  const extensions = childrenOf(tbs as DerElement).find((field) => field.tag === contextTag(3));
  if (!extensions) return undefined;
  for (const entry of childrenOf(childrenOf(extensions)[0] as DerElement)) {
    const parts = childrenOf(entry);
    if (oidText(parts[0]) !== '2.5.29.15') continue;
    const value = parts[parts.length - 1]?.content ?? Buffer.alloc(0);
    return readWhole(value).content[1];
  }
  return undefined;
}

function exceptionCode(body: unknown): number | undefined {
  return (body as ExceptionResponse).exception.exceptionDetailList[0]?.exceptionCode;
}

describe('KSeF certificates on the sandbox over HTTP', () => {
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
    options: { token?: string; json?: unknown; xml?: string } = {},
  ) =>
    app.inject({
      method,
      url: `${BASE}${path}`,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.xml !== undefined ? { 'content-type': 'application/xml' } : {}),
      },
      ...(options.json !== undefined ? { payload: options.json as object } : {}),
      ...(options.xml !== undefined ? { payload: options.xml } : {}),
    });

  /** challenge → AuthTokenRequest signed (XAdES) → status → redeem: the access token. */
  async function logInWithSignature(
    nip: string,
    signer: KeyAndCertificate,
  ): Promise<{ accessToken: string; method: string }> {
    const challenge = (
      await call('POST', '/auth/challenge')
    ).json<AuthenticationChallengeResponse>();
    const signed = signXadesEnveloped(
      authTokenRequestXml({ challenge: challenge.challenge, nip }),
      signer,
      now,
    );
    const started = await call('POST', '/auth/xades-signature', { xml: signed });
    expect(started.statusCode, started.body).toBe(202);
    const operation = started.json<AuthenticationInitResponse>();
    const status = (
      await call('GET', `/auth/${operation.referenceNumber}`, {
        token: operation.authenticationToken.token,
      })
    ).json<AuthenticationOperationStatusResponse>();
    expect(status.status.code).toBe(200);
    const redeemed = await call('POST', '/auth/token/redeem', {
      token: operation.authenticationToken.token,
    });
    return {
      accessToken: redeemed.json<AuthenticationTokensResponse>().accessToken.token,
      method: status.authenticationMethod,
    };
  }

  async function enroll(
    accessToken: string,
    body: Record<string, unknown>,
  ): Promise<{ statusCode: number; json: unknown }> {
    const response = await call('POST', '/certificates/enrollments', {
      token: accessToken,
      json: { certificateName: 'Certyfikat testowy', certificateType: 'Offline', ...body },
    });
    return { statusCode: response.statusCode, json: response.json() };
  }

  /** Enrolled, due, retrieved: the certificate and its serial number. */
  async function issue(
    accessToken: string,
    key: KeyObject,
    type: 'Offline' | 'Authentication',
  ): Promise<{ serial: string; certificate: X509Certificate; reference: string }> {
    const data = (
      await call('GET', '/certificates/enrollments/data', { token: accessToken })
    ).json<CertificateEnrollmentDataResponse>();
    const enrolled = await enroll(accessToken, {
      certificateType: type,
      csr: makeCsr(subjectOf(data), key).toString('base64'),
    });
    expect(enrolled.statusCode, JSON.stringify(enrolled.json)).toBe(202);
    const { referenceNumber } = enrolled.json as EnrollCertificateResponse;
    advance(DELAY_MS);
    const status = (
      await call('GET', `/certificates/enrollments/${referenceNumber}`, { token: accessToken })
    ).json<CertificateEnrollmentStatusResponse>();
    expect(status.status.code).toBe(200);
    const serial = status.certificateSerialNumber ?? '';
    const retrieved = (
      await call('POST', '/certificates/retrieve', {
        token: accessToken,
        json: { certificateSerialNumbers: [serial] },
      })
    ).json<RetrieveCertificatesResponse>();
    const [item] = retrieved.certificates;
    if (!item) throw new Error('not retrieved');
    return {
      serial,
      certificate: new X509Certificate(Buffer.from(item.certificate, 'base64')),
      reference: referenceNumber,
    };
  }

  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.handle.migrate();
    sandbox = new KsefSandbox({
      db: handle.handle.db,
      clock: () => new Date(now.getTime()),
      numberDelayMs: 0,
      certificateDelayMs: DELAY_MS,
    });
    app = Fastify({ logger: false });
    await app.register(ksefSandboxRoutes, { prefix: BASE, sandbox });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await handle?.drop();
  });

  it('issues an Offline certificate (EC P-256) for the signer; KOD II signed with its key verifies', async () => {
    const seal = await sandbox.testCertificate(SELLER, 'Firma Testowa Sp. z o.o.');
    const { accessToken } = await logInWithSignature(SELLER, seal);

    const limits = await call('GET', '/certificates/limits', { token: accessToken });
    expect(limits.json<CertificateLimitsResponse>()).toEqual({
      canRequest: true,
      enrollment: { limit: 300, remaining: 300 },
      certificate: { limit: 100, remaining: 100 },
    });
    const data = await call('GET', '/certificates/enrollments/data', { token: accessToken });
    expect(data.statusCode).toBe(200);
    expect(data.json<CertificateEnrollmentDataResponse>()).toEqual({
      commonName: 'Firma Testowa Sp. z o.o.',
      countryName: 'PL',
      organizationName: 'Firma Testowa Sp. z o.o.',
      organizationIdentifier: `VATPL-${SELLER}`,
      serialNumber: `TINPL-${SELLER}`,
    });

    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const csr = makeCsr(
      subjectOf(data.json<CertificateEnrollmentDataResponse>()),
      privateKey,
    ).toString('base64');
    const enrolled = await enroll(accessToken, { certificateName: 'Fiscus KOD II', csr });
    expect(enrolled.statusCode).toBe(202);
    const { referenceNumber, timestamp } = enrolled.json as EnrollCertificateResponse;
    expect(referenceNumber).toMatch(/^20260302-EH-[0-9A-F]{10}-[0-9A-F]{10}-[0-9A-F]{2}$/);
    expect(timestamp).toBe(now.toISOString());

    const pending = await call('GET', `/certificates/enrollments/${referenceNumber}`, {
      token: accessToken,
    });
    expect(pending.json<CertificateEnrollmentStatusResponse>()).toEqual({
      requestDate: now.toISOString(),
      status: { code: 100, description: 'Wniosek przyjęty do realizacji' },
    });
    advance(DELAY_MS);
    const done = (
      await call('GET', `/certificates/enrollments/${referenceNumber}`, { token: accessToken })
    ).json<CertificateEnrollmentStatusResponse>();
    expect(done.status).toEqual({
      code: 200,
      description: 'Wniosek obsłużony (certyfikat wygenerowany)',
    });
    const serial = done.certificateSerialNumber ?? '';
    expect(serial).toMatch(/^[0-9A-F]{16}$/);

    const retrieved = await call('POST', '/certificates/retrieve', {
      token: accessToken,
      json: { certificateSerialNumbers: [serial, '0000000000000001'] },
    });
    expect(retrieved.statusCode).toBe(200);
    const [item, ...others] = retrieved.json<RetrieveCertificatesResponse>().certificates;
    expect(others).toEqual([]);
    expect(item).toMatchObject({
      certificateName: 'Fiscus KOD II',
      certificateSerialNumber: serial,
      certificateType: 'Offline',
    });
    const certificate = new X509Certificate(Buffer.from(item?.certificate ?? '', 'base64'));
    expect(certificate.serialNumber.toUpperCase()).toBe(serial);
    expect(certificate.publicKey.equals(publicKey)).toBe(true);
    const lines = (subject: string) => subject.split('\n').sort();
    expect(lines(certificate.subject)).toEqual(
      lines(new X509Certificate(seal.certificatePem).subject),
    );
    expect(keyUsageByte(certificate)).toBe(0x40); // nonRepudiation only
    const [ca] = await handle.handle.db
      .select()
      .from(ksefSandboxKeys)
      .where(eq(ksefSandboxKeys.purpose, 'ca'));
    const authority = new X509Certificate(ca?.certificatePem ?? '');
    expect(certificate.checkIssued(authority)).toBe(true);
    expect(certificate.verify(authority.publicKey)).toBe(true);
    expect(new Date(certificate.validFrom).toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(new Date(certificate.validTo).toISOString()).toBe('2028-03-02T10:00:00.000Z');

    const link = offlineCertificateLink({
      env: 'TE',
      contextType: 'Nip',
      contextValue: SELLER,
      sellerNip: SELLER,
      certificateSerial: serial,
      xmlBytes: OFFICIAL,
      privateKey,
    });
    expect(link).toContain(`/certificate/Nip/${SELLER}/${SELLER}/${serial}/`);
    expect(verifyOfflineCertificateLink(link, certificate.publicKey)).toBe(true);
    expect(verifyOfflineCertificateLink(link, seal.certificatePem)).toBe(false);

    const listed = await call('POST', '/certificates/query', {
      token: accessToken,
      json: { type: 'Offline', status: 'Active' },
    });
    expect(listed.json<QueryCertificatesResponse>()).toEqual({
      hasMore: false,
      certificates: [
        {
          certificateSerialNumber: serial,
          name: 'Fiscus KOD II',
          type: 'Offline',
          commonName: 'Firma Testowa Sp. z o.o.',
          status: 'Active',
          subjectIdentifier: { type: 'Nip', value: SELLER },
          validFrom: '2026-03-02T10:00:00.000Z',
          validTo: '2028-03-02T10:00:00.000Z',
          lastUseDate: null,
          requestDate: '2026-03-02T10:00:00.000Z',
        },
      ],
    });
    const none = await call('POST', '/certificates/query', {
      token: accessToken,
      json: { type: 'Authentication' },
    });
    expect(none.json<QueryCertificatesResponse>().certificates).toEqual([]);
    const after = await call('GET', '/certificates/limits', { token: accessToken });
    expect(after.json<CertificateLimitsResponse>()).toMatchObject({
      enrollment: { remaining: 299 },
      certificate: { remaining: 99 },
    });
  });

  it('authenticates with an Authentication certificate (RSA) and never with an Offline one', async () => {
    const seal = await sandbox.testCertificate(SELLER);
    const { accessToken } = await logInWithSignature(SELLER, seal);
    const authKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const offlineKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const authentication = await issue(accessToken, authKey, 'Authentication');
    const offline = await issue(accessToken, offlineKey, 'Offline');
    expect(keyUsageByte(authentication.certificate)).toBe(0x80); // digitalSignature
    const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();

    const internal = await logInWithSignature(SELLER, {
      privateKeyPem: pem(authKey),
      certificatePem: authentication.certificate.toString(),
    });
    expect(internal.method).toBe('InternalCertificate');
    // A KSeF certificate's subject asks for more with the same data.
    const data = await call('GET', '/certificates/enrollments/data', {
      token: internal.accessToken,
    });
    expect(data.json<CertificateEnrollmentDataResponse>()).toMatchObject({
      organizationIdentifier: `VATPL-${SELLER}`,
    });

    const challenge = (
      await call('POST', '/auth/challenge')
    ).json<AuthenticationChallengeResponse>();
    const refused = await call('POST', '/auth/xades-signature', {
      xml: signXadesEnveloped(
        authTokenRequestXml({ challenge: challenge.challenge, nip: SELLER }),
        { privateKeyPem: pem(offlineKey), certificatePem: offline.certificate.toString() },
        now,
      ),
    });
    expect(refused.statusCode).toBe(400);
    expect(exceptionCode(refused.json())).toBe(21115);
    expect(JSON.stringify(refused.json())).toContain('Offline');
  });

  it('refuses with KSeF codes: no authentication, a KSeF token, a wrong type, another subject, a bad request', async () => {
    for (const [method, path] of [
      ['GET', '/certificates/limits'],
      ['GET', '/certificates/enrollments/data'],
      ['POST', '/certificates/enrollments'],
      ['POST', '/certificates/query'],
    ] as const) {
      const response = await call(method, path, method === 'POST' ? { json: {} } : {});
      expect(response.statusCode, path).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }

    const { token: ksefToken } = await sandbox.issueTestKsefToken(SELLER);
    const tokenAccess = await (async () => {
      const keys = await sandbox.publicKeyCertificates();
      const published = keys[0];
      if (!published) throw new Error('no key');
      const challenge = await sandbox.challenge();
      const started = await sandbox.authenticateWithKsefToken({
        challenge: challenge.challenge,
        contextIdentifier: { type: 'Nip', value: SELLER },
        encryptedToken: encryptKsefToken(
          new X509Certificate(Buffer.from(published.certificate, 'base64')),
          ksefToken,
          challenge.timestampMs,
        ),
      });
      return (await sandbox.redeemTokens(started.authenticationToken.token)).accessToken.token;
    })();
    const data = await call('GET', '/certificates/enrollments/data', { token: tokenAccess });
    expect(data.statusCode).toBe(400);
    expect(exceptionCode(data.json())).toBe(25001);
    const key = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const { accessToken } = await logInWithSignature(SELLER, await sandbox.testCertificate(SELLER));
    const sealSubject = subjectOf(
      (
        await call('GET', '/certificates/enrollments/data', { token: accessToken })
      ).json<CertificateEnrollmentDataResponse>(),
    );
    const byToken = await enroll(tokenAccess, {
      csr: makeCsr(sealSubject, key).toString('base64'),
    });
    expect(byToken.statusCode).toBe(400);
    expect(exceptionCode(byToken.json)).toBe(25002);
    const tokenLimits = await call('GET', '/certificates/limits', { token: tokenAccess });
    expect(tokenLimits.json<CertificateLimitsResponse>().canRequest).toBe(false);

    const good = makeCsr(sealSubject, key).toString('base64');
    const wrongType = await enroll(accessToken, { certificateType: 'Signature', csr: good });
    expect(wrongType.statusCode).toBe(400);
    expect(exceptionCode(wrongType.json)).toBe(21405);
    expect(JSON.stringify(wrongType.json)).toContain('certificateType');
    const badName = await enroll(accessToken, { certificateName: 'KOD/II', csr: good });
    expect(exceptionCode(badName.json)).toBe(21405);
    const notBase64 = await enroll(accessToken, { csr: 'not base64!' });
    expect(exceptionCode(notBase64.json)).toBe(21405);

    const renamed = sealSubject.map((attribute) =>
      attribute.oid === SUBJECT_OIDS.commonName ? { ...attribute, value: 'Ktoś inny' } : attribute,
    );
    const otherSubject = await enroll(accessToken, {
      csr: makeCsr(renamed, key).toString('base64'),
    });
    expect(otherSubject.statusCode).toBe(400);
    expect(exceptionCode(otherSubject.json)).toBe(25003);
    expect(JSON.stringify(otherSubject.json)).toContain('Ktoś inny');
    const missing = await enroll(accessToken, {
      csr: makeCsr(sealSubject.slice(1), key).toString('base64'),
    });
    expect(exceptionCode(missing.json)).toBe(25003);

    const tampered = Buffer.from(good, 'base64');
    tampered[tampered.length - 3] = (tampered[tampered.length - 3] ?? 0) ^ 0xff;
    const badSignature = await enroll(accessToken, { csr: tampered.toString('base64') });
    expect(exceptionCode(badSignature.json)).toBe(25004);
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey;
    const wrongKey = await enroll(accessToken, {
      csr: makeCsr(sealSubject, p384).toString('base64'),
    });
    expect(exceptionCode(wrongKey.json)).toBe(25010);

    const unknown = await call(
      'GET',
      '/certificates/enrollments/20260302-EH-0000000000-0000000000-00',
      {
        token: accessToken,
      },
    );
    expect(exceptionCode(unknown.json())).toBe(25005);
    const badPage = await call('POST', '/certificates/query?pageSize=5', {
      token: accessToken,
      json: {},
    });
    expect(exceptionCode(badPage.json())).toBe(21405);
  });

  it('counts active certificates per subject (25007 at 100 for a NIP); revoking frees one (25008, 25009)', async () => {
    const nip = '1111111111';
    const { accessToken } = await logInWithSignature(nip, await sandbox.testCertificate(nip));
    const data = sandbox.certificateEnrollmentData(accessToken);
    const key = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const csr = makeCsr(subjectOf(await data), key).toString('base64');
    for (let index = 0; index < 100; index += 1) {
      await sandbox.enrollCertificate(accessToken, {
        certificateName: `Certyfikat ${index}`,
        certificateType: 'Offline',
        csr,
      });
    }
    const full = await enroll(accessToken, { csr });
    expect(full.statusCode).toBe(400);
    expect(exceptionCode(full.json)).toBe(25007);
    const limits = await call('GET', '/certificates/limits', { token: accessToken });
    expect(limits.json<CertificateLimitsResponse>()).toEqual({
      canRequest: false,
      enrollment: { limit: 300, remaining: 200 },
      certificate: { limit: 100, remaining: 0 },
    });

    advance(DELAY_MS);
    const page = async (offset: number, body: unknown = {}) =>
      (
        await call('POST', `/certificates/query?pageSize=50&pageOffset=${offset}`, {
          token: accessToken,
          json: body,
        })
      ).json<QueryCertificatesResponse>();
    const first = await page(0);
    expect(first.certificates).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    const second = await page(1);
    expect(second.hasMore).toBe(false);
    const serial = second.certificates[49]?.certificateSerialNumber ?? '';
    expect(
      new Set([...first.certificates, ...second.certificates].map((item) => item.name)).size,
    ).toBe(100);

    const revoke = (serialNumber: string) =>
      call('POST', `/certificates/${serialNumber}/revoke`, {
        token: accessToken,
        json: { revocationReason: 'Superseded' },
      });
    expect((await revoke(serial)).statusCode).toBe(204);
    expect(exceptionCode((await revoke(serial)).json())).toBe(25009);
    expect(exceptionCode((await revoke('0000000000000001')).json())).toBe(25008);
    expect((await page(0, { status: 'Revoked' })).certificates).toMatchObject([
      { certificateSerialNumber: serial, status: 'Revoked' },
    ]);
    expect((await enroll(accessToken, { csr })).statusCode).toBe(202);
  });

  it('refuses a key another subject holds (status 400) and forgets an enrollment after 30 days (410)', async () => {
    const seller = await logInWithSignature(SELLER, await sandbox.testCertificate(SELLER));
    const key = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const issued = await issue(seller.accessToken, key, 'Offline');

    const other = await logInWithSignature(OTHER, await sandbox.testCertificate(OTHER));
    const data = (
      await call('GET', '/certificates/enrollments/data', { token: other.accessToken })
    ).json<CertificateEnrollmentDataResponse>();
    const enrolled = await enroll(other.accessToken, {
      csr: makeCsr(subjectOf(data), key).toString('base64'),
    });
    expect(enrolled.statusCode).toBe(202);
    const { referenceNumber } = enrolled.json as EnrollCertificateResponse;
    advance(DELAY_MS);
    const status = (
      await call('GET', `/certificates/enrollments/${referenceNumber}`, {
        token: other.accessToken,
      })
    ).json<CertificateEnrollmentStatusResponse>();
    expect(status.status).toEqual({
      code: 400,
      description: 'Wniosek odrzucony',
      details: ['Klucz publiczny został już certyfikowany przez inny podmiot.'],
    });
    expect(status.certificateSerialNumber).toBeUndefined();
    // Another subject's enrollment is not found; its certificates are not retrieved.
    const foreign = await call('GET', `/certificates/enrollments/${issued.reference}`, {
      token: other.accessToken,
    });
    expect(exceptionCode(foreign.json())).toBe(25005);
    const notTheirs = await call('POST', '/certificates/retrieve', {
      token: other.accessToken,
      json: { certificateSerialNumbers: [issued.serial] },
    });
    expect(notTheirs.json<RetrieveCertificatesResponse>().certificates).toEqual([]);

    advance(31 * 86_400_000);
    const later = await logInWithSignature(SELLER, await sandbox.testCertificate(SELLER));
    const gone = await call('GET', `/certificates/enrollments/${issued.reference}`, {
      token: later.accessToken,
    });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ title: 'Gone', status: 410 });
  });
});
