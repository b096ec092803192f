import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { X509Certificate } from 'node:crypto';
import { checkKsefNumber, ksefToJson, readUpo, verifyOfflineCertificateLink } from '@fiscus/ksef';
import { outboxMails, plInvoices, plLegalEntities } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { drainJobs } from '../it/it-test-kit.ts';
import { demoInvoiceXml, demoLines } from './demo/fa3-demo-invoice.ts';
import { subAccountOf, type Login } from '../it/acting-scope-test-kit.ts';

const repoRoot = resolve(import.meta.dirname, '../../../../..');
/** The Ministry's FA(3) example 1: ABC AGD sp. z o. o. (NIP 9999999999) to F.H.U. Jan Kowalski. */
const EXAMPLE = readFileSync(
  resolve(repoRoot, '../shared/spec/ksef/samples/fa3-official-mf/FA_3_Przykład_1.xml'),
);
const SELLER_NIP = '9999999999';
const BUYER_NIP = '1111111111';

const ROLES = { pl: ['ROLE_USER'], common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'] };

const entity = (nip: string, name: string) => ({
  nip,
  name,
  email: `ksef-${nip}@example.test`,
  addressLine1: 'ul. Kwiatowa 1 m. 2',
  addressLine2: 'lokal 2',
  postcode: '00-001',
  city: 'Warszawa',
  countryIso2: 'PL',
});

type Entity = { uuid: string; status: string; authFlowStatus: number | null; nip: string };
type Onboarding = { authFlowStatus: number; authFlowUUID: string; authFlowDeadline: string | null };

describe('Poland: KSeF legal entities, onboarding, invoices, public access', () => {
  let t: TestApp;
  let seller: Login;
  let buyer: Login;
  let now = new Date();
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp(
      { KSEF_NUMBER_DELAY_MS: '0', KSEF_UPO_DELAY_MS: '0' },
      { clock: () => now },
    );
    const a = await t.createUser({ roles: ROLES });
    seller = { id: a.user.id, email: a.user.email, token: a.token };
    const b = await t.createUser({ roles: ROLES });
    buyer = { id: b.user.id, email: b.user.email, token: b.token };
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    as: Login | null = seller,
  ) =>
    t.request({
      method,
      url: `/api/pl${url}`,
      ...(as ? { token: as.token } : {}),
      ...(payload ? { payload } : {}),
    });
  const codes = (response: {
    json: () => { violations?: { propertyPath: string; code: string }[] };
  }) => (response.json().violations ?? []).map((entry) => `${entry.propertyPath}:${entry.code}`);

  /** Creates an entity and onboards it through the public page (mode 1, sandbox certificate). */
  async function onboarded(as: Login, nip: string, name: string): Promise<Entity> {
    const created = await call('POST', '/legal-entities', entity(nip, name), as);
    expect(created.statusCode, created.body).toBe(201);
    const { uuid } = created.json<Entity>();
    const init = await call('POST', `/legal-entities/${uuid}/onboard/init`, undefined, as);
    const secret = new URL(init.json<{ url: string }>().url).pathname.split('/').at(-1)!;
    await call('POST', `/legal-entities/${uuid}/onboard/start/${secret}`, undefined, null);
    const signed = await call(
      'POST',
      `/legal-entities/${uuid}/onboard/sandbox-sign/${secret}`,
      undefined,
      null,
    );
    const activated = await call(
      'POST',
      `/legal-entities/${uuid}/onboard/activate/${secret}`,
      {
        type: 'onip',
        identifier: nip,
        signedFile: signed.json<{ signedFile: string }>().signedFile,
      },
      null,
    );
    expect(activated.statusCode, activated.body).toBe(200);
    return (await call('GET', `/legal-entities/${uuid}`, undefined, as)).json<Entity>();
  }

  describe('legal entities', () => {
    it('creates one per NIP, checks the NIP, and keeps each business to its own', async () => {
      const created = await call(
        'POST',
        '/legal-entities',
        entity('5260250274', 'Alfa sp. z o.o.'),
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        status: 'pending',
        statusCode: 100,
        authFlowStatus: null,
        countryIso2: 'PL',
      });
      const { uuid } = created.json<Entity>();
      const bad = await call('POST', '/legal-entities', entity('5260250275', 'Wrong check digit'));
      expect(bad.statusCode).toBe(422);
      expect(codes(bad)).toEqual(['nip:nip_invalid']);
      const twice = await call('POST', '/legal-entities', entity('526-025-02-74', 'Twice'));
      expect(codes(twice)).toEqual(['nip:nip_taken']);
      const empty = await call('POST', '/legal-entities', {
        ...entity('5260250274', ''),
        city: '',
      });
      expect(empty.statusCode).toBe(422);
      expect(codes(empty).sort()).toEqual(['city:is_blank', 'name:is_blank']);
      // Another business: not found, not listed, not changed.
      expect((await call('GET', `/legal-entities/${uuid}`, undefined, buyer)).statusCode).toBe(404);
      expect(
        (await call('POST', `/legal-entities/${uuid}/block`, undefined, buyer)).statusCode,
      ).toBe(404);
      const list = await call('GET', '/legal-entities?nip=5260250274', undefined, buyer);
      expect(list.json()).toEqual([]);
      const blocked = await call('POST', `/legal-entities/${uuid}/block`);
      expect(blocked.json()).toMatchObject({ status: 'blocked', statusCode: 300 });
      const onboardBlocked = await call('POST', `/legal-entities/${uuid}/onboard/init`);
      expect(codes(onboardBlocked)).toEqual(['uuid:blocked']);
      const unblocked = await call('POST', `/legal-entities/${uuid}/block`);
      expect(unblocked.json()).toMatchObject({ status: 'pending' });
    });

    it('shows a sub-account only the legal entities linked to it', async () => {
      const owner = await t.createUser({ roles: ROLES });
      const login: Login = { id: owner.user.id, email: owner.user.email, token: owner.token };
      const one = (
        await call('POST', '/legal-entities', entity('7740001454', 'Linked'), login)
      ).json<Entity>();
      await call('POST', '/legal-entities', entity('5213017228', 'Not linked'), login);
      const sub = await subAccountOf(t, login, 'pl-branch', {
        pl: ['ROLE_USER'],
        common: ['ROLE_USER'],
      });
      expect((await call('GET', '/legal-entities', undefined, sub)).json()).toEqual([]);
      const linked = await call(
        'POST',
        `/legal-entities/${one.uuid}/sub-accounts`,
        { email: sub.email },
        login,
      );
      expect(linked.statusCode, linked.body).toBe(201);
      const seen = (await call('GET', '/legal-entities', undefined, sub)).json<Entity[]>();
      expect(seen.map((row) => row.nip)).toEqual(['7740001454']);
      const creates = await call('POST', '/legal-entities', entity('1132191233', 'Mine'), sub);
      expect(creates.statusCode).toBe(403);
    });
  });

  describe('onboarding', () => {
    it('runs mode 1 on the public page with a sandbox test certificate, within 10 minutes', async () => {
      const { uuid } = (
        await call('POST', '/legal-entities', entity(SELLER_NIP, 'ABC AGD sp. z o. o.'))
      ).json<Entity>();
      const init = await call('POST', `/legal-entities/${uuid}/onboard/init`);
      expect(init.statusCode, init.body).toBe(200);
      const url = new URL(init.json<{ url: string }>().url);
      expect(url.origin).toBe('https://console.fiscus.test');
      const secret = url.pathname.split('/').at(-1)!;
      const view = await call('GET', `/onboarding/${uuid}/${secret}`, undefined, null);
      expect(view.json()).toMatchObject({
        authFlowStatus: 50,
        authFlowDeadline: null,
        nip: SELLER_NIP,
      });
      // A wrong secret opens nothing.
      expect(
        (await call('GET', `/onboarding/${uuid}/wrong${secret}`, undefined, null)).statusCode,
      ).toBe(404);
      const started = await call(
        'POST',
        `/legal-entities/${uuid}/onboard/start/${secret}`,
        undefined,
        null,
      );
      const flow = started.json<Onboarding>();
      expect(flow.authFlowStatus).toBe(100);
      expect(Date.parse(flow.authFlowDeadline!) - now.getTime()).toBe(10 * 60_000);
      const file = await call(
        'GET',
        `/authorization-flows/${flow.authFlowUUID}/onboard/signature-file/${secret}`,
        undefined,
        null,
      );
      expect(file.headers['content-type']).toContain('application/xml');
      expect(file.body).toContain('AuthTokenRequest');
      expect(file.body).toContain(SELLER_NIP);
      const signed = (
        await call(
          'POST',
          `/legal-entities/${uuid}/onboard/sandbox-sign/${secret}`,
          undefined,
          null,
        )
      ).json<{ signedFile: string }>().signedFile;
      // Another NIP than the entity's: refused before KSeF, nothing changes.
      const mismatch = await call(
        'POST',
        `/legal-entities/${uuid}/onboard/activate/${secret}`,
        { type: 'onip', identifier: BUYER_NIP, signedFile: signed },
        null,
      );
      expect(codes(mismatch)).toEqual(['identifier:identifier_mismatch']);
      const activated = await call(
        'POST',
        `/legal-entities/${uuid}/onboard/activate/${secret}`,
        { type: 'onip', identifier: SELLER_NIP, signedFile: signed },
        null,
      );
      expect(activated.statusCode, activated.body).toBe(200);
      expect(activated.json()).toMatchObject({ authFlowStatus: 200 });
      expect((await call('GET', `/legal-entities/${uuid}`)).json()).toMatchObject({
        status: 'active',
        authFlowStatus: 200,
      });
      // Used: the link does nothing more.
      const again = await call(
        'POST',
        `/legal-entities/${uuid}/onboard/activate/${secret}`,
        { type: 'onip', identifier: SELLER_NIP, signedFile: signed },
        null,
      );
      expect(again.statusCode).toBe(422);
    });

    it('refuses a tampered signed file (KSeF’s refusal ends the flow) and an expired one', async () => {
      const { uuid } = (
        await call('POST', '/legal-entities', entity('5213017228', 'Tampered'))
      ).json<Entity>();
      const open = async () => {
        const init = await call('POST', `/legal-entities/${uuid}/onboard/init`);
        const secret = new URL(init.json<{ url: string }>().url).pathname.split('/').at(-1)!;
        await call('POST', `/legal-entities/${uuid}/onboard/start/${secret}`, undefined, null);
        const signed = (
          await call(
            'POST',
            `/legal-entities/${uuid}/onboard/sandbox-sign/${secret}`,
            undefined,
            null,
          )
        ).json<{ signedFile: string }>().signedFile;
        return { secret, xml: Buffer.from(signed, 'base64').toString('utf8') };
      };
      const first = await open();
      const tampered = first.xml.replace('5213017228</', '5213017236</');
      expect(tampered).not.toBe(first.xml);
      const refused = await call(
        'POST',
        `/legal-entities/${uuid}/onboard/activate/${first.secret}`,
        {
          type: 'onip',
          identifier: '5213017228',
          signedFile: Buffer.from(tampered).toString('base64'),
        },
        null,
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ detail: string }>().detail).toContain('KSeF');
      const errored = (
        await call('GET', `/onboarding/${uuid}/${first.secret}`, undefined, null)
      ).json<{
        authFlowStatus: number;
        error: { code: string } | null;
      }>();
      expect(errored.authFlowStatus).toBe(250);
      expect(errored.error?.code).toMatch(/^\d+$/);
      expect((await call('GET', `/legal-entities/${uuid}`)).json()).toMatchObject({
        status: 'pending',
      });

      const second = await open();
      now = new Date(now.getTime() + 11 * 60_000);
      try {
        const late = await call(
          'POST',
          `/legal-entities/${uuid}/onboard/activate/${second.secret}`,
          {
            type: 'onip',
            identifier: '5213017228',
            signedFile: Buffer.from(second.xml).toString('base64'),
          },
          null,
        );
        expect(codes(late)).toEqual(['hash:flow_expired']);
        const listed = (await call('GET', `/legal-entities/${uuid}`)).json();
        expect(listed).toMatchObject({
          status: 'pending',
          authFlowStatus: 100,
          authFlowIsValid: false,
        });
      } finally {
        now = new Date();
      }
    });

    it('runs mode 2 with a KSeF token, and refuses a wrong one', async () => {
      const { uuid } = (
        await call('POST', '/legal-entities', entity(BUYER_NIP, 'F.H.U. Jan Kowalski'), buyer)
      ).json<Entity>();
      const wrong = await call(
        'POST',
        `/legal-entities/${uuid}/ksef-token/create`,
        { authorizationToken: 'not-a-token', autoSelect: true },
        buyer,
      );
      expect(codes(wrong)).toEqual(['authorizationToken:token_invalid']);
      const token = (
        await call('POST', `/legal-entities/${uuid}/sandbox/ksef-token`, undefined, buyer)
      ).json<{
        authorizationToken: string;
      }>().authorizationToken;
      const active = await call(
        'POST',
        `/legal-entities/${uuid}/ksef-token/create`,
        { authorizationToken: token, autoSelect: true },
        buyer,
      );
      expect(active.statusCode, active.body).toBe(200);
      expect(active.json()).toMatchObject({ status: 'active' });
    });
  });

  describe('invoices', () => {
    let sent: string;

    it('refuses what KSeF would refuse, storing nothing', async () => {
      const before = await t.db.select({ total: count() }).from(plInvoices);
      const invalid = await t.request({
        method: 'POST',
        url: '/api/pl/invoices',
        token: seller.token,
        payload: EXAMPLE.toString('utf8').replace('<P_15>2051</P_15>', '<P_15>abc</P_15>'),
        headers: { 'content-type': 'application/xml' },
      });
      expect(invalid.statusCode, invalid.body).toBe(422);
      expect(
        invalid.json<{ violations: { propertyPath: string }[] }>().violations.length,
      ).toBeGreaterThan(0);
      const malformed = await t.request({
        method: 'POST',
        url: '/api/pl/invoices',
        token: seller.token,
        payload: '<Faktura><Naglowek>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(malformed.statusCode).toBe(422);
      // The buyer's business has no legal entity with the seller's NIP.
      const notTheirs = await t.request({
        method: 'POST',
        url: '/api/pl/invoices',
        token: buyer.token,
        payload: EXAMPLE,
        headers: { 'content-type': 'application/xml' },
      });
      expect(codes(notTheirs)).toEqual([
        'Faktura.Podmiot1.DaneIdentyfikacyjne.NIP:legal_entity_unknown',
      ]);
      const after = await t.db.select({ total: count() }).from(plInvoices);
      expect(after).toEqual(before);
    });

    it('sends an official FA(3) example to its KSeF number and UPO; the buyer receives it', async () => {
      const sellerEntity = (await call('GET', `/legal-entities?nip=${SELLER_NIP}`)).json<
        Entity[]
      >()[0]!;
      await call('POST', '/webhooks', {
        legalEntity: sellerEntity.uuid,
        webhookType: 'legal-entity-invoice-upo',
        webhookUrl: `${receiver.url}/upo`,
      });
      const response = await t.request({
        method: 'POST',
        url: '/api/pl/invoices',
        token: seller.token,
        payload: EXAMPLE,
        headers: { 'content-type': 'application/xml' },
      });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toMatchObject({
        status: 'valid',
        invoiceNumber: 'FV2026/02/150',
        ksefReferenceNumber: null,
      });
      sent = response.json<{ uuid: string }>().uuid;
      await drainJobs(t);
      const item = (await call('GET', `/invoices/${sent}`)).json<{
        status: string;
        ksefReferenceNumber: string;
        hasUpo: boolean;
        verificationLink: string;
        grossAmount: string;
      }>();
      expect(item.status).toBe('confirmed');
      expect(checkKsefNumber(item.ksefReferenceNumber).valid).toBe(true);
      expect(item.ksefReferenceNumber.startsWith(SELLER_NIP)).toBe(true);
      expect(item.hasUpo).toBe(true);
      expect(item.grossAmount).toBe('2051');
      expect(item.verificationLink).toMatch(/\/invoice\/9999999999\/15-02-2026\//);
      const upo = await call('GET', `/invoices/${sent}/upo`);
      const read = readUpo(upo.body);
      expect(read.upo?.Dokument.map((document) => document.NumerKSeFDokumentu)).toContain(
        item.ksefReferenceNumber,
      );
      // The XML is the bytes sent, not a rewrite.
      const xml = await t.request({
        method: 'GET',
        url: `/api/pl/invoices/${sent}?rawContent=true`,
        token: seller.token,
      });
      expect(Buffer.compare(xml.rawPayload, EXAMPLE)).toBe(0);
      const html = await t.request({
        method: 'GET',
        url: `/api/pl/invoices/${sent}`,
        token: seller.token,
        headers: { accept: 'text/html' },
      });
      expect(html.body).toContain('FV2026/02/150');
      const pdf = await t.request({
        method: 'GET',
        url: `/api/pl/invoices/${sent}`,
        token: seller.token,
        headers: { accept: 'application/pdf' },
      });
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // The buyer's legal entity (another business) has it as incoming, and was told by mail.
      const incoming = (await call('GET', '/invoices?direction=incoming', undefined, buyer)).json<
        { ksefReferenceNumber: string; status: string; invoiceCreatorNip: string }[]
      >();
      expect(incoming).toEqual([
        expect.objectContaining({
          ksefReferenceNumber: item.ksefReferenceNumber,
          status: 'received',
          invoiceCreatorNip: SELLER_NIP,
        }),
      ]);
      const mails = await t.db
        .select()
        .from(outboxMails)
        .where(eq(outboxMails.to, `ksef-${BUYER_NIP}@example.test`));
      expect(mails.some((mail) => mail.text.includes('FV2026/02/150'))).toBe(true);
      // Reading again (five minutes back) keeps it once and mails nothing more.
      const buyerEntity = (
        await call('GET', `/legal-entities?nip=${BUYER_NIP}`, undefined, buyer)
      ).json<Entity[]>()[0]!;
      expect(await t.app.poland.exchange.sync(buyerEntity.uuid)).toBe(0);
      expect(
        (await call('GET', '/invoices?direction=incoming', undefined, buyer)).json(),
      ).toHaveLength(1);
      // The seller does not see the buyer's copy; the same number again is refused.
      expect((await call('GET', '/invoices?direction=incoming')).json()).toEqual([]);
      const twice = await t.request({
        method: 'POST',
        url: '/api/pl/invoices',
        token: seller.token,
        payload: EXAMPLE,
        headers: { 'content-type': 'application/xml' },
      });
      expect(codes(twice)).toEqual(['Faktura.Fa.P_2:duplicate']);
      // The UPO webhook reached its receiver.
      await drainJobs(t);
      const upoCall = receiver.requests.find((request) => request.url === '/upo');
      expect(JSON.parse(upoCall?.body.toString() ?? '{}')).toMatchObject({
        webhookType: 'legal-entity-invoice-upo',
        ksefReferenceNumber: item.ksefReferenceNumber,
        status: 'confirmed',
      });
    });

    it('takes the invoice as its JSON too (written to FA(3) XML)', async () => {
      const json = ksefToJson(EXAMPLE).json as { Faktura: { Fa: { P_2: string } } };
      json.Faktura.Fa.P_2 = 'FV2026/02/151-JSON';
      const response = await call('POST', '/invoices', json);
      expect(response.statusCode, response.body).toBe(202);
      const xml = await t.request({
        method: 'GET',
        url: `/api/pl/invoices/${response.json<{ uuid: string }>().uuid}?rawContent=true`,
        token: seller.token,
      });
      expect(xml.body).toContain('<P_2>FV2026/02/151-JSON</P_2>');
      const broken = await call('POST', '/invoices', { Faktura: { Fa: { P_15: 'abc' } } });
      expect(broken.statusCode).toBe(422);
      await drainJobs(t);
    });

    it('opens the invoice on the public page with the mailed code only', async () => {
      const code = await call('POST', `/invoices/${sent}/send-access-code`, undefined, null);
      expect(code.statusCode, code.body).toBe(200);
      expect(code.json()).toEqual({ email: 'j***@kowalski.pl' });
      const [mail] = await t.db
        .select()
        .from(outboxMails)
        .where(and(eq(outboxMails.to, 'jan@kowalski.pl')));
      const mailed = /: (\d{8})/.exec(mail!.text)![1]!;
      const wrong = await call(
        'POST',
        `/invoices/${sent}/activate-access-code`,
        { accessCode: mailed === '00000000' ? '11111111' : '00000000' },
        null,
      );
      expect(codes(wrong)).toEqual(['accessCode:invalid_access_code']);
      expect(
        (await call('GET', `/invoices/${sent}/code/not-a-token`, undefined, null)).statusCode,
      ).toBe(404);
      const right = await call(
        'POST',
        `/invoices/${sent}/activate-access-code`,
        { accessCode: mailed },
        null,
      );
      expect(right.statusCode, right.body).toBe(200);
      const token = right.json<{ access_code: string }>().access_code;
      const opened = await call('GET', `/invoices/${sent}/code/${token}`, undefined, null);
      expect(opened.json()).toMatchObject({ invoiceNumber: 'FV2026/02/150', status: 'confirmed' });
      const upo = await call('GET', `/invoices/${sent}/code/${token}/upo`, undefined, null);
      expect(upo.body).toContain('Potwierdzenie');
      // A code is used once.
      const reused = await call(
        'POST',
        `/invoices/${sent}/activate-access-code`,
        { accessCode: mailed },
        null,
      );
      expect(codes(reused)).toEqual(['accessCode:access_code_expired']);
    });

    it('gives five tries per code', async () => {
      await call('POST', `/invoices/${sent}/send-access-code`, undefined, null);
      const results: string[][] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        results.push(
          codes(
            await call('POST', `/invoices/${sent}/activate-access-code`, { accessCode: 'x' }, null),
          ),
        );
      }
      expect(results.slice(0, 4).flat()).toEqual(Array(4).fill('accessCode:invalid_access_code'));
      expect(results.slice(4).flat()).toEqual([
        'accessCode:too_many_tries',
        'accessCode:too_many_tries',
      ]);
    });
  });

  describe('offline mode', () => {
    it('issues an invoice offline only when KSeF is down past the cut-off, with its deadline', async () => {
      // KSeF is "down" for 2222222222 on the sandbox (sessions answer 503).
      const down = await onboarded(seller, '2222222222', 'Awaria sp. z o.o.');
      const invoiceOf = (number: string) =>
        demoInvoiceXml({
          seller: {
            nip: down.nip,
            name: 'Awaria sp. z o.o.',
            address: 'ul. Długa 5',
            city: '00-001 Warszawa',
          },
          buyer: {
            nip: BUYER_NIP,
            name: 'F.H.U. Jan Kowalski',
            address: 'ul. Polna 1',
            city: '00-001 Warszawa',
          },
          number,
          // Tuesday 10 November 2026: the 11th is Independence Day.
          issueDate: '2026-11-10',
          lines: demoLines(4),
          createdAt: new Date('2026-11-10T09:00:00Z'),
        });
      const send = async (number: string, at: string) => {
        now = new Date(at);
        const response = await t.request({
          method: 'POST',
          url: '/api/pl/invoices',
          token: seller.token,
          payload: invoiceOf(number),
          headers: { 'content-type': 'application/xml' },
        });
        expect(response.statusCode, response.body).toBe(202);
        await drainJobs(t);
        return (await call('GET', `/invoices/${response.json<{ uuid: string }>().uuid}`)).json();
      };
      try {
        // 23:00 in Warsaw: KSeF is down but the day is not over; it stays online and is retried.
        expect(await send('AW/1', '2026-11-10T22:00:00Z')).toMatchObject({
          status: 'valid',
          mode: 'online',
          offlineDeadline: null,
          errorMessage: expect.stringContaining('KSeF unavailable'),
        });
        // 23:45: past the cut-off (23:30): issued offline, to reach KSeF by Thursday the 12th.
        const offline = await send('AW/2', '2026-11-10T22:45:00Z');
        expect(offline).toMatchObject({
          status: 'valid',
          mode: 'offline',
          offlineDeadline: '2026-11-12',
          verificationLink: expect.stringMatching(/\/invoice\/2222222222\/10-11-2026\//),
        });
        // KOD II: signed with the Offline certificate KSeF issued at onboarding (mode 1).
        const [row] = await t.db
          .select()
          .from(plLegalEntities)
          .where(eq(plLegalEntities.uuid, down.uuid));
        const link = (offline as { certificateLink: string }).certificateLink;
        expect(link).toContain(
          `/certificate/Nip/2222222222/2222222222/${row!.offlineCertificateSerial}/`,
        );
        const certificate = new X509Certificate(row!.offlineCertificatePem!);
        expect(verifyOfflineCertificateLink(link, certificate.publicKey)).toBe(true);
      } finally {
        now = new Date();
      }
    });
  });

  describe('demo', () => {
    it('is for administrators of the Polish context', async () => {
      expect((await call('GET', '/infrastructure/info')).statusCode).toBe(403);
      const admin = await t.createUser({
        roles: { pl: ['ROLE_USER', 'ROLE_ADMIN'], common: ['ROLE_USER'] },
      });
      const login: Login = { id: admin.user.id, email: admin.user.email, token: admin.token };
      const info = await call('GET', '/infrastructure/info', undefined, login);
      expect(info.json()).toMatchObject({ environment: 'sandbox', ksefEnvironment: 'TE' });
      const one = await onboarded(login, '9542583988', 'Demo Sprzedawca');
      expect(one.status).toBe('active');
      const generated = await call(
        'POST',
        '/invoices/v2/generate',
        { nip1: '9542583988', nip2: BUYER_NIP, invoiceCount: 3 },
        login,
      );
      expect(generated.statusCode, generated.body).toBe(202);
      await drainJobs(t);
      const statuses = (
        await call(
          'GET',
          '/invoices/demo-statuses?order_filter=DESC&nip1=9542583988',
          undefined,
          login,
        )
      ).json<{ status: string; direction: string }[]>();
      expect(statuses).toHaveLength(3);
      expect(
        statuses.every((row) => row.status === 'confirmed' && row.direction === 'outgoing'),
      ).toBe(true);
      expect(
        (await call('DELETE', '/invoices/demo-statuses/restart', undefined, login)).statusCode,
      ).toBe(204);
      expect(
        (await call('GET', '/invoices/demo-statuses?nip1=9542583988', undefined, login)).json(),
      ).toEqual([]);
      // The invoices stay in the outgoing list.
      expect(
        (await call('GET', '/invoices?direction=outgoing', undefined, login)).json(),
      ).toHaveLength(3);

      // The single tab: an FA(3) with an attachment block, sent as pasted.
      const withAttachment = demoInvoiceXml({
        seller: {
          nip: '9542583988',
          name: 'Demo Sprzedawca',
          address: 'ul. A 1',
          city: '00-001 Warszawa',
        },
        buyer: {
          nip: BUYER_NIP,
          name: 'F.H.U. Jan Kowalski',
          address: 'ul. Polna 1',
          city: '00-001 Warszawa',
        },
        number: 'SANDBOX-SLOW-ZAL/1',
        issueDate: '2026-11-30',
        lines: demoLines(2),
        createdAt: new Date('2026-11-30T09:00:00Z'),
        attachment: { heading: 'Warunki umowy', pairs: [['Numer umowy', 'U/12/2026']] },
      });
      const single = await t.request({
        method: 'POST',
        url: '/api/pl/invoices/v1/attachments',
        token: login.token,
        payload: withAttachment,
        headers: { 'content-type': 'application/xml' },
      });
      expect(single.statusCode, single.body).toBe(202);
      const result = single.json<{
        uuid: string;
        attachments: { filename: string; filesize: number }[];
      }>();
      expect(result.attachments).toEqual([
        { filename: 'zalacznik.txt', filesize: expect.any(Number) },
      ]);
      await drainJobs(t);
      // KSeF keeps a SANDBOX-SLOW- invoice processing until its session is archived.
      const waiting = (
        await call('GET', `/invoices/${result.uuid}/status`, undefined, login)
      ).json();
      expect(waiting).toMatchObject({ status: 'sent', upo: null });
      const archived = await call(
        'POST',
        '/demo-statuses/session-archive-emulation',
        { nip1: '9542583988' },
        login,
      );
      expect(archived.json<{ archived: number }>().archived).toBeGreaterThanOrEqual(1);
      await drainJobs(t);
      await new Promise((done) => setTimeout(done, 1100));
      await drainJobs(t);
      const done = (await call('GET', `/invoices/${result.uuid}/status`, undefined, login)).json<{
        status: string;
        upo: string;
      }>();
      expect(done.status).toBe('confirmed');
      expect(Buffer.from(done.upo, 'base64').toString('utf8')).toContain(
        done.status === 'confirmed' ? 'NumerKSeFDokumentu' : '',
      );
      const item = (await call('GET', `/invoices/${result.uuid}`, undefined, login)).json<{
        attachments: { uuid: string }[];
      }>();
      const text = await call(
        'GET',
        `/invoices/${result.uuid}/attachments/${item.attachments[0]!.uuid}`,
        undefined,
        login,
      );
      expect(text.headers['content-type']).toContain('text/plain');
      expect(text.body).toContain('Numer umowy: U/12/2026');
    });
  });
});
