/*
 * `SandboxKsefGateway.offlineCertificate`: the provider's client asks the sandbox KSeF for a
 * certificate of type Offline as a client of the real KSeF does (signed AuthTokenRequest,
 * limits, enrollment data, its own EC P-256 key and PKCS#10 request, polling, retrieval), and
 * the result signs KOD II that the certificate's public key verifies.
 */
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineCertificateLink, verifyOfflineCertificateLink } from '@fiscus/ksef';
import { createTestDatabase } from '../../../test/test-app.ts';
import type { Database } from '../../platform/db/database.ts';
import { KsefError } from './ksef-gateway.ts';
import { SandboxKsefGateway } from './sandbox-client.ts';
import { KsefSandbox } from './sandbox/ksef-sandbox.ts';

const KSEF = resolve(import.meta.dirname, '../../../../../../shared/spec/ksef');
const OFFICIAL = readFileSync(resolve(KSEF, 'samples/fa3-official-mf/FA_3_Przykład_1.xml'));
const SELLER = '9999999999';
const OTHER = '5265877635';
const CERTIFICATE_DELAY_MS = 3_000;

async function refusal(promise: Promise<unknown>): Promise<KsefError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(KsefError);
  return error as KsefError;
}

describe('SandboxKsefGateway.offlineCertificate', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  let now = new Date('2026-03-02T09:00:00.000Z');
  const clock = () => new Date(now.getTime());
  let sandbox: KsefSandbox;
  let gateway: SandboxKsefGateway;
  const slept: number[] = [];

  /** A fresh AuthTokenRequest for the NIP, signed with the sandbox seal of `signer`. */
  async function signedRequest(nip: string, signer = nip): Promise<string> {
    const request = await gateway.authorisationRequest(nip);
    return gateway.signWithTestCertificate(signer, request.xml);
  }

  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.handle.migrate();
    db = handle.handle.db;
    sandbox = new KsefSandbox({
      db,
      clock,
      numberDelayMs: 0,
      certificateDelayMs: CERTIFICATE_DELAY_MS,
    });
    gateway = new SandboxKsefGateway({
      db,
      clock,
      sandbox,
      pollIntervalMs: 1_000,
      // The client waits on the test's clock.
      sleep: (ms) => {
        slept.push(ms);
        now = new Date(now.getTime() + ms);
        return Promise.resolve();
      },
    });
  });

  afterAll(async () => {
    await handle?.drop();
  });

  it('enrols, awaits and retrieves an Offline certificate whose key signs a KOD II it verifies', async () => {
    const issued = await gateway.offlineCertificate(SELLER, await signedRequest(SELLER));
    expect(slept).toEqual([1_000, 1_000, 1_000]);
    expect(issued.grant).toBeNull();
    expect(issued.serialNumber).toMatch(/^[0-9A-F]{16}$/);

    const certificate = new X509Certificate(issued.certificatePem);
    expect(certificate.serialNumber.toUpperCase()).toBe(issued.serialNumber);
    const privateKey = createPrivateKey(issued.privateKeyPem);
    expect(privateKey.asymmetricKeyType).toBe('ec');
    expect(privateKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(certificate.publicKey.equals(createPublicKey(privateKey))).toBe(true);
    expect(certificate.subject).toContain(`organizationIdentifier=VATPL-${SELLER}`);
    expect(issued.validFrom.toISOString()).toBe('2026-03-02T09:00:00.000Z');
    expect(issued.validTo.toISOString()).toBe('2028-03-02T09:00:00.000Z');

    const link = offlineCertificateLink({
      env: gateway.environment,
      contextType: 'Nip',
      contextValue: SELLER,
      sellerNip: SELLER,
      certificateSerial: issued.serialNumber,
      xmlBytes: OFFICIAL,
      privateKey: issued.privateKeyPem,
    });
    expect(link.startsWith('https://qr-test.ksef.mf.gov.pl/certificate/Nip/')).toBe(true);
    expect(verifyOfflineCertificateLink(link, certificate.publicKey)).toBe(true);
    expect(verifyOfflineCertificateLink(link, issued.certificatePem)).toBe(true);
    const tampered = link.replace(
      `/${SELLER}/${issued.serialNumber}/`,
      `/${OTHER}/${issued.serialNumber}/`,
    );
    expect(verifyOfflineCertificateLink(tampered, certificate.publicKey)).toBe(false);
  });

  it('makes the provider’s KSeF token in the same authentication when asked (one signature)', async () => {
    const issued = await gateway.offlineCertificate(SELLER, await signedRequest(SELLER), {
      grant: true,
      name: 'Fiscus onboarding',
    });
    expect(issued.grant?.ksefToken).toMatch(
      /^\d{8}-EC-[0-9A-F]{10}-[0-9A-F]{10}-[0-9A-F]{2}\|nip-9999999999\|[0-9a-f]{64}$/,
    );
    expect(issued.grant?.tokenReference).toBe(issued.grant?.ksefToken.split('|')[0]);
    // The token works as mode 2 would use it.
    const again = await gateway.grantWithKsefToken(SELLER, issued.grant?.ksefToken ?? '');
    expect(again.tokenReference).toBe(issued.grant?.tokenReference);
  });

  it('refuses as KSeF does: a tampered signature, another NIP’s file, a signer without rights', async () => {
    const signed = await signedRequest(SELLER);
    const tampered = signed.replace(`<Nip>${SELLER}</Nip>`, `<Nip>${OTHER}</Nip>`);
    expect((await refusal(gateway.offlineCertificate(OTHER, tampered))).code).toBe(9105);
    expect((await refusal(gateway.offlineCertificate(OTHER, signed))).code).toBe(21405);
    // A seal naming another NIP has no rights in the context: status 415, nothing enrolled.
    const foreign = await refusal(
      gateway.offlineCertificate(SELLER, await signedRequest(SELLER, OTHER)),
    );
    expect(foreign.code).toBe(415);
    // A challenge answers one authentication.
    const used = await signedRequest(SELLER);
    await gateway.offlineCertificate(SELLER, used);
    expect((await refusal(gateway.offlineCertificate(SELLER, used))).code).toBe(21111);
  });
});
