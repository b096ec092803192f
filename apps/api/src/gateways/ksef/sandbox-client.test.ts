import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkKsefNumber, readUpo } from '@fiscus/ksef';
import { createTestDatabase } from '../../../test/test-app.ts';
import {
  ksefSandboxAccessTokens,
  ksefSandboxAuthOperations,
  ksefSandboxChallenges,
  ksefSandboxInvoices,
  ksefSandboxKsefTokens,
} from '../../db/schema/index.ts';
import type { Database } from '../../platform/db/database.ts';
import { KsefError, type KsefCredentials, type KsefInvoiceState } from './ksef-gateway.ts';
import { SandboxKsefGateway } from './sandbox-client.ts';
import { makeCertificate, newRsaKey, sealSubject } from './sandbox/certificates.ts';
import { KsefSandbox } from './sandbox/ksef-sandbox.ts';
import { signXadesEnveloped } from './wire/xades.ts';

const KSEF = resolve(import.meta.dirname, '../../../../../../shared/spec/ksef');
/** The Ministry's FA(3) example 1: seller 9999999999 (Podmiot1), buyer 1111111111 (Podmiot2). */
const OFFICIAL = readFileSync(resolve(KSEF, 'samples/fa3-official-mf/FA_3_Przykład_1.xml'));
const SELLER = '9999999999';
const BUYER = '1111111111';
/** Another valid NIP (KSeF's documentation example). */
const OTHER = '5265877635';
const FA3 = { systemCode: 'FA (3)', schemaVersion: '1-0E' };
const NUMBER_DELAY_MS = 2_000;
const UPO_DELAY_MS = 5_000;

/** The official invoice under another number (P_2), to send it again without a duplicate. */
function withNumber(number: string, xml: Buffer = OFFICIAL): Buffer {
  return Buffer.from(
    xml.toString('utf8').replace('<P_2>FV2026/02/150</P_2>', `<P_2>${number}</P_2>`),
  );
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64');
}

async function refusal(promise: Promise<unknown>): Promise<KsefError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(KsefError);
  return error as KsefError;
}

describe('SandboxKsefGateway on the sandbox KSeF', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  let now = new Date('2026-03-02T09:00:00.000Z');
  const clock = () => new Date(now.getTime());
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  let sandbox: KsefSandbox;
  let gateway: SandboxKsefGateway;
  let seller: KsefCredentials;
  let sellerTokenReference: string;

  const rows = async (
    table:
      | typeof ksefSandboxAuthOperations
      | typeof ksefSandboxAccessTokens
      | typeof ksefSandboxKsefTokens,
  ) => {
    const [row] = await db.select({ value: count() }).from(table);
    return row?.value ?? 0;
  };

  /** Sends and lets the sandbox's time pass until the verdict. */
  async function sendAndSettle(
    credentials: KsefCredentials,
    xml: Uint8Array,
  ): Promise<KsefInvoiceState> {
    const sent = await gateway.sendInvoice(credentials, xml, { offlineMode: false, formCode: FA3 });
    advance(NUMBER_DELAY_MS + 1);
    return gateway.invoiceState(credentials, sent);
  }

  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.handle.migrate();
    db = handle.handle.db;
    sandbox = new KsefSandbox({
      db,
      clock,
      numberDelayMs: NUMBER_DELAY_MS,
      upoDelayMs: UPO_DELAY_MS,
      apiUrl: 'https://sandbox.fiscus.test/api/ksef-sandbox/v2',
    });
    gateway = new SandboxKsefGateway({
      db,
      clock,
      sandbox,
      apiUrl: 'https://sandbox.fiscus.test/api/ksef-sandbox/v2',
    });
  });

  afterAll(async () => {
    await handle?.drop();
  });

  it('authorises the seller with a XAdES-signed AuthTokenRequest and makes its KSeF token', async () => {
    const request = await gateway.authorisationRequest(SELLER);
    expect(request.challenge).toMatch(/^20260302-CR-[0-9A-F]{10}-[0-9A-F]{10}-[0-9A-F]{2}$/);
    expect(request.xml).toContain(`<Nip>${SELLER}</Nip>`);
    expect(request.xml).toContain(
      '<SubjectIdentifierType>certificateSubject</SubjectIdentifierType>',
    );
    const signed = await gateway.signWithTestCertificate(SELLER, request.xml);
    expect(signed).toContain('<ds:Signature');
    expect(signed).toContain('xades:SignedProperties');
    expect(signed).toContain('<ds:X509Certificate>');

    const grant = await gateway.grantWithSignedRequest(SELLER, signed);
    expect(grant.ksefToken.startsWith(`${grant.tokenReference}|nip-${SELLER}|`)).toBe(true);
    seller = { nip: SELLER, ksefToken: grant.ksefToken };
    sellerTokenReference = grant.tokenReference;
    const [token] = await db
      .select()
      .from(ksefSandboxKsefTokens)
      .where(eq(ksefSandboxKsefTokens.referenceNumber, grant.tokenReference));
    expect(token?.permissions).toEqual(['InvoiceWrite', 'InvoiceRead']);
    expect(token?.tokenHash).not.toContain(grant.ksefToken);
  });

  it('sends the official invoice: processing, then its KSeF number, then its UPO', async () => {
    const sent = await gateway.sendInvoice(seller, OFFICIAL, { offlineMode: false, formCode: FA3 });
    expect(sent.sessionReference).toMatch(/^20260302-SO-/);
    expect(sent.invoiceReference).toMatch(/^20260302-EE-/);
    expect(await gateway.invoiceState(seller, sent)).toEqual({
      state: 'processing',
      code: 100,
      description: 'Faktura przyjęta do dalszego przetwarzania',
    });

    advance(NUMBER_DELAY_MS);
    const accepted = await gateway.invoiceState(seller, sent);
    if (accepted.state !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
    expect(accepted.code).toBe(200);
    expect(checkKsefNumber(accepted.ksefNumber).valid).toBe(true);
    expect(accepted.ksefNumber.startsWith(`${SELLER}-20260302-`)).toBe(true);
    expect(accepted.acquisitionDate).toEqual(now);
    expect(accepted.upo).toBeUndefined();

    advance(UPO_DELAY_MS);
    const withUpo = await gateway.invoiceState(seller, sent);
    if (withUpo.state !== 'accepted' || !withUpo.upo) throw new Error('no UPO');
    const read = readUpo(withUpo.upo);
    expect(read.ok).toBe(true);
    expect(read.upo?.NumerReferencyjnySesji).toBe(sent.sessionReference);
    expect(read.upo?.Uwierzytelnienie).toEqual({
      IdKontekstu: { Nip: SELLER },
      NumerReferencyjnyTokenaKSeF: sellerTokenReference,
    });
    expect(read.upo?.Dokument).toHaveLength(1);
    expect(read.upo?.Dokument[0]).toMatchObject({
      NipSprzedawcy: SELLER,
      NumerKSeFDokumentu: accepted.ksefNumber,
      NumerFaktury: 'FV2026/02/150',
      DataWystawieniaFaktury: '2026-02-15',
      SkrotDokumentu: sha256(OFFICIAL),
      TrybWysylki: 'Online',
    });

    // The buyer, onboarded with a KSeF token made in its own KSeF app, reads it.
    const buyerToken = await gateway.issueTestKsefToken(BUYER);
    const buyerGrant = await gateway.grantWithKsefToken(BUYER, buyerToken);
    expect(buyerGrant.ksefToken).toBe(buyerToken);
    expect(buyerToken.startsWith(buyerGrant.tokenReference)).toBe(true);
    const buyer = { nip: BUYER, ksefToken: buyerToken };
    const incoming = await gateway.incomingSince(buyer, new Date('2026-03-01T00:00:00Z'));
    expect(incoming).toEqual([
      {
        ksefNumber: accepted.ksefNumber,
        invoiceNumber: 'FV2026/02/150',
        sellerNip: SELLER,
        sellerName: 'ABC AGD sp. z o. o.',
        buyerNip: BUYER,
        invoicingDate: expect.any(Date) as Date,
        acquisitionDate: accepted.acquisitionDate,
        permanentStorageDate: expect.any(Date) as Date,
        invoiceHash: sha256(OFFICIAL),
      },
    ]);
    expect(await gateway.incomingSince(buyer, incoming[0]?.permanentStorageDate ?? now)).toEqual(
      [],
    );
    const downloaded = await gateway.downloadInvoice(buyer, accepted.ksefNumber);
    expect(Buffer.from(downloaded).equals(OFFICIAL)).toBe(true);
    expect(sha256(downloaded)).toBe(sha256(OFFICIAL));
    // The seller reads its own invoice; a third NIP does not.
    expect(
      Buffer.from(await gateway.downloadInvoice(seller, accepted.ksefNumber)).equals(OFFICIAL),
    ).toBe(true);
    const stranger = { nip: OTHER, ksefToken: await gateway.issueTestKsefToken(OTHER) };
    expect((await refusal(gateway.downloadInvoice(stranger, accepted.ksefNumber))).code).toBe(
      21164,
    );
    expect(await gateway.incomingSince(stranger, new Date('2026-03-01T00:00:00Z'))).toEqual([]);
  });

  describe('refuses with KSeF’s code, keeping nothing', () => {
    it('a signed request changed by one character (9105)', async () => {
      const request = await gateway.authorisationRequest(SELLER);
      const signed = await gateway.signWithTestCertificate(SELLER, request.xml);
      const tampered = signed.replace('certificateSubject<', 'certificateSubjecT<');
      expect(tampered).not.toBe(signed);
      const before = await rows(ksefSandboxAuthOperations);
      const error = await refusal(gateway.grantWithSignedRequest(SELLER, tampered));
      expect(error.code).toBe(9105);
      expect(error.description).toBe('Nieprawidłowy podpis.');
      expect(await rows(ksefSandboxAuthOperations)).toBe(before);
      const [challenge] = await db
        .select()
        .from(ksefSandboxChallenges)
        .where(eq(ksefSandboxChallenges.challenge, request.challenge));
      expect(challenge?.usedAt).toBeNull();
      // The untouched document still authenticates: the challenge was not spent.
      expect((await gateway.grantWithSignedRequest(SELLER, signed)).ksefToken).toContain(SELLER);
    });

    it('a signature by a certificate the sandbox CA did not issue (21115)', async () => {
      const request = await gateway.authorisationRequest(SELLER);
      const key = await newRsaKey();
      const selfSigned = makeCertificate({
        subject: sealSubject(SELLER, 'ABC AGD sp. z o. o.'),
        publicKeyPem: key.publicKeyPem,
        privateKeyPem: key.privateKeyPem,
        validFrom: new Date('2026-01-01T00:00:00Z'),
        validTo: new Date('2028-01-01T00:00:00Z'),
        authority: false,
        usage: 'signature',
      });
      const signed = signXadesEnveloped(
        request.xml,
        { privateKeyPem: key.privateKeyPem, certificatePem: selfSigned },
        clock(),
      );
      const before = await rows(ksefSandboxAuthOperations);
      const error = await refusal(gateway.grantWithSignedRequest(SELLER, signed));
      expect(error.code).toBe(21115);
      expect(error.details).toEqual(['Niezaufany łańcuch certyfikatów.']);
      expect(await rows(ksefSandboxAuthOperations)).toBe(before);
    });

    it('a certificate naming another NIP than the context (415, no permissions)', async () => {
      const request = await gateway.authorisationRequest(SELLER);
      const signed = await gateway.signWithTestCertificate(OTHER, request.xml);
      const tokens = await rows(ksefSandboxKsefTokens);
      const accessTokens = await rows(ksefSandboxAccessTokens);
      const error = await refusal(gateway.grantWithSignedRequest(SELLER, signed));
      expect(error.code).toBe(415);
      expect(error.description).toBe('Uwierzytelnianie zakończone niepowodzeniem');
      expect(error.details[0]).toContain('Brak przypisanych uprawnień');
      expect(await rows(ksefSandboxKsefTokens)).toBe(tokens);
      expect(await rows(ksefSandboxAccessTokens)).toBe(accessTokens);
    });

    it('a challenge answered twice (21111)', async () => {
      const request = await gateway.authorisationRequest(SELLER);
      const signed = await gateway.signWithTestCertificate(SELLER, request.xml);
      await gateway.grantWithSignedRequest(SELLER, signed);
      const tokens = await rows(ksefSandboxKsefTokens);
      const operations = await rows(ksefSandboxAuthOperations);
      const error = await refusal(gateway.grantWithSignedRequest(SELLER, signed));
      expect(error.code).toBe(21111);
      expect(error.details).toEqual(['Wyzwanie zostało już wykorzystane.']);
      expect(await rows(ksefSandboxKsefTokens)).toBe(tokens);
      expect(await rows(ksefSandboxAuthOperations)).toBe(operations);
    });

    it('a challenge older than 10 minutes (21111)', async () => {
      const request = await gateway.authorisationRequest(SELLER);
      const signed = await gateway.signWithTestCertificate(SELLER, request.xml);
      advance(10 * 60_000 + 1);
      expect((await refusal(gateway.grantWithSignedRequest(SELLER, signed))).details).toEqual([
        'Wyzwanie wygasło.',
      ]);
    });

    it('a KSeF token KSeF does not know, or of another NIP (450)', async () => {
      const accessTokens = await rows(ksefSandboxAccessTokens);
      const wrong = seller.ksefToken.slice(0, -1) + (seller.ksefToken.endsWith('0') ? '1' : '0');
      const error = await refusal(gateway.grantWithKsefToken(SELLER, wrong));
      expect(error.code).toBe(450);
      expect(error.description).toBe(
        'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
      );
      expect(error.details).toEqual(['Nieprawidłowy token']);
      const buyersToken = await gateway.issueTestKsefToken(BUYER);
      expect((await refusal(gateway.grantWithKsefToken(SELLER, buyersToken))).code).toBe(450);
      expect(await rows(ksefSandboxAccessTokens)).toBe(accessTokens);
    });

    it('an invoice the FA(3) schema refuses (450, with the findings)', async () => {
      const invalid = Buffer.from(
        withNumber('FV2026/02/151')
          .toString('utf8')
          .replace('<P_6>2026-01-27</P_6>', '<P_6>2026-13-45</P_6>'),
      );
      const state = await sendAndSettle(seller, invalid);
      if (state.state !== 'rejected') throw new Error(`not rejected: ${state.state}`);
      expect(state.code).toBe(450);
      expect(state.description).toBe('Błąd weryfikacji semantyki dokumentu faktury');
      expect(state.details.join('\n')).toContain('Faktura.Fa.P_6');
      const [stored] = await db
        .select()
        .from(ksefSandboxInvoices)
        .where(eq(ksefSandboxInvoices.invoiceNumber, 'FV2026/02/151'));
      expect(stored?.ksefNumber).toBeNull();
    });

    it('an invoice whose seller is not the session’s NIP (410)', async () => {
      const other = { nip: OTHER, ksefToken: await gateway.issueTestKsefToken(OTHER) };
      const state = await sendAndSettle(other, withNumber('FV2026/02/152'));
      expect(state).toMatchObject({
        state: 'rejected',
        code: 410,
        description: 'Nieprawidłowy zakres uprawnień',
      });
    });

    it('an invoice number the seller already sent (440, naming the original)', async () => {
      const state = await sendAndSettle(seller, OFFICIAL);
      expect(state).toMatchObject({
        state: 'rejected',
        code: 440,
        description: 'Duplikat faktury',
      });
      if (state.state !== 'rejected') return;
      expect(state.details[0]).toMatch(
        /^Duplikat faktury\. Faktura o numerze KSeF: 9999999999-20260302-/,
      );
    });

    it('an invoice scripted to be rejected (SANDBOX-REJECT-<code>)', async () => {
      const state = await sendAndSettle(seller, withNumber('SANDBOX-REJECT-430/1'));
      expect(state).toMatchObject({
        state: 'rejected',
        code: 430,
        description: 'Błąd weryfikacji pliku faktury',
      });
    });
  });

  it('keeps a SANDBOX-SLOW- invoice processing until archiveNow, which numbers it and closes the sessions', async () => {
    const sent = await gateway.sendInvoice(seller, withNumber('SANDBOX-SLOW-1'), {
      offlineMode: true,
      formCode: FA3,
    });
    advance(60 * 60_000);
    expect((await gateway.invoiceState(seller, sent)).state).toBe('processing');
    expect(await gateway.archiveNow(SELLER)).toBe(1);
    const state = await gateway.invoiceState(seller, sent);
    if (state.state !== 'accepted') throw new Error(state.state);
    expect(readUpo(state.upo ?? '').upo?.Dokument[0]?.TrybWysylki).toBe('Offline');
    // The session is closed: the next invoice goes to a new one.
    const next = await gateway.sendInvoice(seller, withNumber('FV2026/03/001'), {
      offlineMode: false,
      formCode: FA3,
    });
    expect(next.sessionReference).not.toBe(sent.sessionReference);
  });

  it('answers 503 for a NIP whose KSeF is scripted down (offline mode)', async () => {
    const down = { nip: '2222222222', ksefToken: await gateway.issueTestKsefToken('2222222222') };
    const error = await refusal(
      gateway.sendInvoice(down, withNumber('FV/1'), { offlineMode: false, formCode: FA3 }),
    );
    expect(error.httpStatus).toBe(503);
  });
});
