import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIS_BILLING } from '@fiscus/peppol-messages';
import { ublToJson } from '@fiscus/ubl';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { outboxMails, peppolDocuments } from '../../../db/schema/index.ts';
import { WebhookReceiver } from '../../../../test/webhook-receiver.ts';
import { subAccountOf, type Login } from '../../it/acting-scope-test-kit.ts';
import { drainJobs } from '../../it/it-test-kit.ts';

const PEPPOL = resolve(import.meta.dirname, '../../../../../../../shared/spec/peppol');
const official = (path: string) => readFileSync(resolve(PEPPOL, path), 'utf8');

/** BIS Billing invoice: supplier 0088:7300010000001, customer 0192:987654325. */
const INVOICE = official('bis-billing-3/examples/vat-category-O.xml');
/** The same supplier to a customer nobody registered (0002:FR23342). */
const TO_NOBODY = official('bis-billing-3/examples/Vat-category-S.xml');
/** A credit note of the supplier, addressed here to the customer (registered for invoices only). */
const CREDIT_NOTE = official('bis-billing-3/snippets/base-creditnote-correction.xml').replace(
  '<cbc:EndpointID schemeID="0002">FR23342</cbc:EndpointID>',
  '<cbc:EndpointID schemeID="0192">987654325</cbc:EndpointID>',
);
/** Order 34 of buyer 0192:987654325 to seller 0192:123456785. */
const ORDER = official('poacc-upgrade-3/examples/Order_Example.xml');
/** The official order response, answering order 34 between those two parties. */
const ORDER_RESPONSE = official('poacc-upgrade-3/examples/OrderResponse_Example.xml')
  .replace(
    '<cbc:EndpointID schemeID="0088">7598000000128</cbc:EndpointID>',
    '<cbc:EndpointID schemeID="0192">123456785</cbc:EndpointID>',
  )
  .replace(
    '<cbc:EndpointID schemeID="0088">7590000012347</cbc:EndpointID>',
    '<cbc:EndpointID schemeID="0192">987654325</cbc:EndpointID>',
  )
  .replace('<cbc:ID>11233</cbc:ID>', '<cbc:ID>34</cbc:ID>');

const ORDER_TYPE =
  'urn:oasis:names:specification:ubl:schema:xsd:Order-2::Order##urn:fdc:peppol.eu:poacc:trns:order:3::2.1';
const ORDER_RESPONSE_TYPE =
  'urn:oasis:names:specification:ubl:schema:xsd:OrderResponse-2::OrderResponse##urn:fdc:peppol.eu:poacc:trns:order_response:3::2.1';

const ROLES = {
  peppol: ['ROLE_USER'],
  common: ['ROLE_USER', 'ROLE_SUB_ACCOUNT_MANAGER'],
  it: ['ROLE_USER', 'ROLE_CONFIG'],
};

type Doc = {
  uuid: string;
  direction: string;
  format: string;
  number: string;
  sender: { identifier: string };
  recipient: { identifier: string };
  order: { uuid: string; number: string } | null;
  responses: { uuid: string; number: string; responseCode: string }[];
  processInformation: { orderStatus: string | null; responseCode: string | null };
  peppolMessage: { success: boolean | null; errorCode: string | null; requestSentAt: string };
};

describe('Peppol documents on the sandbox network', () => {
  let t: TestApp;
  let seller: string;
  let sellerLogin: Login;
  let buyer: string;
  let stranger: string;
  const receiver = new WebhookReceiver();

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: string | object,
    headers: Record<string, string> = {},
  ) =>
    t.request({
      method,
      url: `/api/peppol${url}`,
      token,
      ...(payload === undefined ? {} : { payload }),
      headers:
        typeof payload === 'string' ? { 'content-type': 'application/xml', ...headers } : headers,
    });

  const register = async (
    token: string,
    identifierScheme: string,
    identifierValue: string,
    capabilities: { documentType: string; process: string }[],
    receivedDocumentNotificationEmails: string[] = [],
  ) => {
    const created = await call(token, 'POST', '/it/legal-entities', {
      registeredName: `Participant ${identifierValue}`,
      identifierScheme,
      identifierValue,
      receivedDocumentNotificationEmails,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { uuid } = created.json<{ uuid: string }>();
    const smp = await call(token, 'PUT', `/it/legal-entities/${uuid}/smp`, {
      enabled: true,
      capabilities,
    });
    expect(smp.statusCode, smp.body).toBe(200);
  };
  const list = async (token: string, collection: string, query = '') =>
    (await call(token, 'GET', `/it/${collection}${query}`)).json<Doc[]>();

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_DELAY_MS: '0', WEBHOOK_ALLOW_PRIVATE: 'true' });
    const created = await t.createUser({ roles: ROLES });
    seller = created.token;
    sellerLogin = { id: created.user.id, email: created.user.email, token: created.token };
    buyer = (await t.createUser({ roles: ROLES })).token;
    stranger = (await t.createUser({ roles: ROLES })).token;
    await receiver.start();
    // The seller's two participants; the buyer's one, registered for invoices and order responses.
    await register(seller, '0088', '7300010000001', [
      { documentType: BIS_BILLING.invoice, process: BIS_BILLING.process },
    ]);
    await register(seller, '0192', '123456785', [
      { documentType: ORDER_TYPE, process: 'urn:fdc:peppol.eu:poacc:bis:order_only:3' },
    ]);
    await register(
      buyer,
      '0192',
      '987654325',
      [
        { documentType: BIS_BILLING.invoice, process: BIS_BILLING.process },
        { documentType: ORDER_RESPONSE_TYPE, process: 'urn:fdc:peppol.eu:poacc:bis:ordering:3' },
      ],
      ['ap@buyer.example.test'],
    );
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });

  it('delivers an official BIS invoice from one business’s legal entity to another’s, with signed webhooks on both sides', async () => {
    for (const [token, event, path] of [
      [seller, 'outgoing-document', '/out'],
      [buyer, 'incoming-document', '/in'],
    ] as const) {
      const hook = await call(token, 'POST', '/it/webhooks', { event, url: receiver.url + path });
      expect(hook.statusCode, hook.body).toBe(201);
    }
    const sent = await call(seller, 'POST', '/it/outgoing/ubl', INVOICE);
    expect(sent.statusCode, sent.body).toBe(201);
    const outgoing = sent.json<Doc>();
    expect(outgoing).toMatchObject({
      direction: 'outgoing',
      format: 'UBL 2.1 XML',
      sender: { identifier: '0088:7300010000001' },
      recipient: { identifier: '0192:987654325' },
      peppolMessage: { success: null, errorCode: null },
    });

    await drainJobs(t);
    const [delivered] = await list(seller, 'invoices');
    expect(delivered?.peppolMessage.success).toBe(true);
    expect(delivered?.peppolMessage.requestSentAt).toBeTruthy();
    const incoming = await list(buyer, 'invoices', '?direction=incoming');
    expect(incoming.map((doc) => [doc.number, doc.direction, doc.sender.identifier])).toEqual([
      [outgoing.number, 'incoming', '0088:7300010000001'],
    ]);
    // The buyer's notification address is told, with the link that opens the invoice.
    const [mail] = await t.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, 'ap@buyer.example.test'));
    expect(mail?.subject).toBe(
      `Peppol: invoice ${outgoing.number} received from The Sellercompany Incorporated`,
    );
    expect(mail?.text).toContain(
      `https://console.fiscus.test/peppol/incoming-invoices?dialogId=document&dialog_uuid=${incoming[0]!.uuid}`,
    );
    // Each business sees its own side only.
    expect(await list(stranger, 'invoices')).toEqual([]);
    expect((await call(seller, 'GET', `/it/invoices/${incoming[0]!.uuid}`)).statusCode).toBe(404);
    // Re-running the delivery does not deliver the message twice.
    await t.app.platform.jobs.enqueue('peppol.deliver', { documentUuid: outgoing.uuid });
    await drainJobs(t);
    expect(await list(buyer, 'invoices')).toHaveLength(1);
    // Nor does the receiving access point take the same message id twice (a sender that lost
    // the answer and sends again): the duplicate is dropped, the sender's message succeeds.
    await t.db
      .update(peppolDocuments)
      .set({ success: null })
      .where(eq(peppolDocuments.uuid, outgoing.uuid));
    await t.app.platform.jobs.enqueue('peppol.deliver', { documentUuid: outgoing.uuid });
    await drainJobs(t);
    expect(await list(buyer, 'invoices')).toHaveLength(1);
    expect(
      (await call(seller, 'GET', `/it/invoices/${outgoing.uuid}`)).json<Doc>().peppolMessage
        .success,
    ).toBe(true);

    const hooks = receiver.requests.map((request) => ({
      path: request.url,
      signed: typeof request.headers.signature === 'string',
      body: JSON.parse(request.body.toString('utf8')) as Record<string, unknown>,
    }));
    expect(hooks.find((hook) => hook.path === '/out')).toMatchObject({
      signed: true,
      body: { success: true, document_id: outgoing.uuid, document_type: 'invoice' },
    });
    expect(hooks.find((hook) => hook.path === '/in')).toMatchObject({
      signed: true,
      body: { success: true, document_id: incoming[0]!.uuid },
    });
  });

  it('refuses a document that breaks a rule with the rule id, before anything is stored', async () => {
    const broken = INVOICE.replace(
      /<cbc:PayableAmount currencyID="([A-Z]+)">[^<]+<\/cbc:PayableAmount>/,
      '<cbc:PayableAmount currencyID="$1">1.00</cbc:PayableAmount>',
    );
    const before = (await list(seller, 'invoices')).length;
    const refused = await call(seller, 'POST', '/it/invoices/outgoing/ubl', broken);
    expect(refused.statusCode).toBe(422);
    const violations = refused.json<{ violations: { code: string; propertyPath: string }[] }>()
      .violations;
    expect(violations.map((entry) => entry.code)).toContain('BR-CO-16');
    expect(violations.every((entry) => entry.propertyPath.startsWith('Invoice'))).toBe(true);
    expect(await list(seller, 'invoices')).toHaveLength(before);

    // The preflight answers the same verdict with 200 and stores nothing either.
    const verdict = await call(seller, 'POST', '/it/validate', broken);
    expect(verdict.statusCode).toBe(200);
    expect(verdict.json()).toMatchObject({ valid: false, documentType: 'Invoice' });
    expect((await call(seller, 'POST', '/it/validate', INVOICE)).json()).toMatchObject({
      valid: true,
    });

    // Malformed XML, an XXE attempt, another business's sender, the wrong collection.
    expect((await call(seller, 'POST', '/it/outgoing/ubl', '<Invoice><')).statusCode).toBe(422);
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${INVOICE.replace(/^<\?xml[^>]*>/, '')}`;
    expect((await call(seller, 'POST', '/it/outgoing/ubl', xxe)).statusCode).toBe(422);
    const foreign = await call(stranger, 'POST', '/it/outgoing/ubl', INVOICE);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().violations[0]).toMatchObject({ code: 'sender_unknown' });
    const wrong = await call(seller, 'POST', '/it/credit-notes/outgoing/ubl', INVOICE);
    expect(wrong.json().violations[0]).toMatchObject({ code: 'wrong_collection' });
    expect(await list(seller, 'invoices')).toHaveLength(before);
  });

  it('fails the message to an unregistered participant or for a document type its SMP lacks', async () => {
    const nobody = await call(seller, 'POST', '/it/outgoing/ubl', TO_NOBODY);
    const creditNote = await call(seller, 'POST', '/it/credit-notes/outgoing/ubl', CREDIT_NOTE);
    expect([nobody.statusCode, creditNote.statusCode]).toEqual([201, 201]);
    await drainJobs(t);
    const failed = await call(seller, 'GET', `/it/invoices/${nobody.json<Doc>().uuid}`);
    expect(failed.json<Doc>().peppolMessage).toMatchObject({
      success: false,
      errorCode: 'PEPPOL:PARTICIPANT_NOT_FOUND',
    });
    const notServiced = await call(
      seller,
      'GET',
      `/it/credit-notes/${creditNote.json<Doc>().uuid}`,
    );
    expect(notServiced.json<Doc>().peppolMessage).toMatchObject({
      success: false,
      errorCode: 'PEPPOL:NOT_SERVICED',
    });
    expect(await list(buyer, 'credit-notes')).toEqual([]);
  });

  it('links an order and its response both ways, on both sides', async () => {
    const order = await call(buyer, 'POST', '/it/orders/outgoing/ubl', ORDER);
    expect(order.statusCode, order.body).toBe(201);
    await drainJobs(t);
    const [received] = await list(seller, 'orders', '?direction=incoming');
    expect(received?.number).toBe('34');
    const response = await call(seller, 'POST', '/it/order-responses/outgoing/ubl', ORDER_RESPONSE);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Doc>().order?.uuid ?? null).toBeNull(); // linked in the item, not here
    await drainJobs(t);

    const sellerOrder = (await call(seller, 'GET', `/it/orders/${received!.uuid}`)).json<Doc>();
    expect(sellerOrder.responses.map((entry) => [entry.number, entry.responseCode])).toEqual([
      ['101', 'CA'],
    ]);
    expect(sellerOrder.processInformation.orderStatus).toBe('CA');
    const buyerOrder = (
      await call(buyer, 'GET', `/it/orders/${order.json<Doc>().uuid}`)
    ).json<Doc>();
    expect(buyerOrder.responses).toHaveLength(1);
    const [buyerResponse] = await list(buyer, 'order-responses', '?direction=incoming');
    const detail = (
      await call(buyer, 'GET', `/it/order-responses/${buyerResponse!.uuid}`)
    ).json<Doc>();
    expect(detail.order).toMatchObject({ uuid: order.json<Doc>().uuid, number: '34' });
    expect(detail.processInformation.responseCode).toBe('CA');
  });

  it('sends the JSON of a document, answers its source in both forms, prints it and flags it downloaded', async () => {
    const json = ublToJson(INVOICE).json;
    const sent = await t.request({
      method: 'POST',
      url: '/api/peppol/it/invoices/outgoing/ubl',
      token: seller,
      payload: json as object,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { uuid } = sent.json<Doc>();
    expect(sent.json<Doc>().format).toBe('UBL 2.1 JSON');
    const xml = await call(seller, 'GET', `/it/invoices/${uuid}/source`, undefined, {
      accept: 'application/xml',
    });
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain('<cbc:ID>');
    const asJson = await call(seller, 'GET', `/it/invoices/${uuid}/source`, undefined, {
      accept: 'application/json',
    });
    expect(asJson.json()).toEqual(json);
    const pdf = await call(seller, 'GET', `/it/invoices/${uuid}/print?lang=it`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const marked = await call(seller, 'POST', '/it/invoices/downloaded', { uuids: [uuid] });
    expect(marked.json()).toEqual({ updated: 1 });
    const downloaded = await list(seller, 'invoices', '?downloaded=true');
    expect(downloaded.map((doc) => doc.uuid)).toEqual([uuid]);
    // The Belgian domain does not list the Italian documents, and carries no orders.
    expect((await call(seller, 'GET', '/be/invoices')).json()).toEqual([]);
    expect((await call(seller, 'GET', '/be/orders')).statusCode).toBe(404);
  });

  it('lists, filters and deletes webhooks per domain, and a sub-account manages none', async () => {
    const hooks = (await call(seller, 'GET', '/it/webhooks')).json<{ uuid: string }[]>();
    expect(hooks).toHaveLength(1);
    expect((await call(seller, 'GET', '/be/webhooks')).json()).toEqual([]);
    // The Italian webhook list (api-configurations) does not show Peppol webhooks.
    const italian = await t.request({
      method: 'GET',
      url: '/api/it/api-configurations',
      token: seller,
    });
    expect(italian.json()).toEqual([]);
    const log = await call(seller, 'GET', `/it/webhooks/${hooks[0]!.uuid}/deliveries`);
    expect(
      log.json<{ event: string }[]>().every((entry) => entry.event === 'outgoing-document'),
    ).toBe(true);
    const bad = await call(seller, 'POST', '/it/webhooks', {
      event: 'outgoing-document',
      url: 'ftp://x',
    });
    expect(bad.statusCode).toBe(422);
    const subAccount = await subAccountOf(t, sellerLogin, 'peppol-hooks', ROLES);
    expect((await call(subAccount.token, 'GET', '/it/webhooks')).statusCode).toBe(403);
    expect((await call(stranger, 'DELETE', `/it/webhooks/${hooks[0]!.uuid}`)).statusCode).toBe(404);
    expect((await call(seller, 'DELETE', `/it/webhooks/${hooks[0]!.uuid}`)).statusCode).toBe(204);
    expect((await call(seller, 'GET', '/it/webhooks')).json()).toEqual([]);
  });

  it('shows a sub-account the documents of the legal entities linked to it only', async () => {
    const clerk = await subAccountOf(t, sellerLogin, 'peppol-orders-clerk', ROLES);
    const entities = (await call(seller, 'GET', '/it/legal-entities')).json<
      { uuid: string; identifierValue: string }[]
    >();
    const orderDesk = entities.find((entity) => entity.identifierValue === '123456785');
    expect(
      (
        await call(seller, 'POST', `/it/legal-entities/${orderDesk!.uuid}/sub-accounts`, {
          email: clerk.email,
        })
      ).statusCode,
    ).toBe(201);
    expect((await list(clerk.token, 'orders')).map((doc) => doc.number)).toEqual(['34']);
    const invoices = await list(seller, 'invoices');
    expect(invoices.length).toBeGreaterThan(0);
    expect(await list(clerk.token, 'invoices')).toEqual([]);
    expect((await call(clerk.token, 'GET', `/it/invoices/${invoices[0]!.uuid}`)).statusCode).toBe(
      404,
    );
    // Unlinked, it sees nothing at its next call.
    await call(
      seller,
      'DELETE',
      `/it/legal-entities/${orderDesk!.uuid}/sub-accounts/${clerk.email}`,
    );
    expect(await list(clerk.token, 'orders')).toEqual([]);
  });
});
