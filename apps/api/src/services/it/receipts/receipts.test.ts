import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import {
  itBusinessRegistryConfigurations,
  itReceipts,
  outboxMails,
  webhookDeliveries,
} from '../../../db/schema/index.ts';
import { DEMO_FISCONLINE_CREDENTIALS } from '../../../gateways/tax-portal/fisconline-demo.ts';
import { ADE_SCENARIOS } from '../../../gateways/ade-receipts/sandbox.ts';
import {
  BUSINESS_ROLES,
  businessWithTwoCompanies,
  X,
  Y,
  type Login,
} from '../acting-scope-test-kit.ts';
import { drainJobs } from '../it-test-kit.ts';
import { RECEIPT_SEND_JOB } from './receipt-sending.ts';
import { RECEIPTS_PRESERVATION_JOB } from './receipt-preservation.ts';

const ROLES = {
  ...BUSINESS_ROLES,
  it: [...(BUSINESS_ROLES.it ?? []), 'ROLE_RECEIPTS'],
  preservation: ['ROLE_USER'],
};
/** 10:00 in Rome on 7 December 2026, the 341st day of the year. */
const MORNING = new Date('2026-12-07T09:00:00Z');
/** What the receipts' clock reads: a few minutes after 10:00, moving with the real time. */
let now = MORNING;
const started = Date.now();
const clock = () => new Date(now.getTime() + (Date.now() - started));

/** A sale of three lines: two coffees at 10%, a discounted 22% line, a complimentary 4% line. */
const THREE_ITEMS = {
  fiscal_id: X,
  items: [
    { quantity: '2.00', description: 'Caffè', unit_price: '3.50', vat_rate_code: '10' },
    { quantity: '1', description: 'Tazza', unit_price: 12, vat_rate_code: '22', discount: '2.00' },
    {
      quantity: '1.00',
      description: 'Biscotti',
      unit_price: '5.00',
      vat_rate_code: '4',
      complimentary: true,
    },
  ],
  cash_payment_amount: '10.00',
  electronic_payment_amount: '6.99',
  discount: '0.01',
};

describe('smart receipts', () => {
  let t: TestApp;
  let owner: Login;
  let linked: Login;
  let unlinked: Login;

  beforeAll(async () => {
    // The receipts' clock only: the job queue, tokens and the database keep the real time.
    t = await createTestApp({ SANDBOX_DELAY_MS: '0' }, { clock });
    ({ owner, linked, unlinked } = await businessWithTwoCompanies(t, ROLES));
    await t.db
      .update(itBusinessRegistryConfigurations)
      .set({ receiptsEnabled: true })
      .where(eq(itBusinessRegistryConfigurations.fiscalId, X));
    const stored = await t.request({
      method: 'PUT',
      url: `/api/it/business-registry-configurations/${X}/credentials/fisconline`,
      token: owner.token,
      payload: {
        codice_fiscale: DEMO_FISCONLINE_CREDENTIALS.codiceFiscale,
        password: DEMO_FISCONLINE_CREDENTIALS.password,
        pin: DEMO_FISCONLINE_CREDENTIALS.pin,
      },
    });
    expect(stored.statusCode, stored.body).toBe(200);
  });
  afterAll(() => t.close());

  const send = (payload: object, as = owner) =>
    t.request({ method: 'POST', url: '/api/it/receipts', token: as.token, payload });
  const get = async (uuid: string, suffix = '', as = owner) => {
    const response = await t.request({
      method: 'GET',
      url: `/api/it/receipts/${uuid}${suffix}`,
      token: as.token,
    });
    return response;
  };
  const details = async (uuid: string) => (await get(uuid, '/details')).json();
  const receiptCount = async () =>
    (await t.db.select({ n: count() }).from(itReceipts).where(eq(itReceipts.ownerId, owner.id)))[0]
      ?.n;
  /** Sends a sale and lets the sandbox answer it. */
  const sold = async (payload: object = THREE_ITEMS) => {
    const created = await send(payload);
    expect(created.statusCode, created.body).toBe(201);
    await drainJobs(t);
    return created.json<{ uuid: string }>().uuid;
  };

  it('sends a sale of three items to the Agenzia: ready, numbered, its totals from the lines', async () => {
    const created = await send(THREE_ITEMS);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      type: 'sale',
      status: 'new',
      total_amount: '17.00000000',
    });
    await drainJobs(t);
    const uuid = created.json<{ uuid: string }>().uuid;
    const receipt = await details(uuid);
    expect(receipt).toMatchObject({
      status: 'ready',
      document_number: expect.stringMatching(/^DCW2026\/0341-\d{4}$/),
      total_amount: '17.00000000',
      total_taxable_amount: '19.36804998',
      total_vat_amount: '2.63195002',
      total_gross_discount: '2.00000000',
      discount: '0.01000000',
      deductible_amount: '16.99000000',
    });
    expect(receipt.items).toHaveLength(3);
    expect(receipt.items[1]).toMatchObject({
      gross_discount: '2.00000000',
      total_amount: '10.00000000',
    });
    expect(receipt.items[2]).toMatchObject({ complimentary: true, vat_amount: '0.19230769' });
    for (const item of receipt.items) expect(item.id).toMatch(/^\d+$/);
  });

  it('prints the documento commerciale: items, gift and discount, total, VAT, payments, number', async () => {
    const uuid = await sold();
    const response = await t.request({
      method: 'GET',
      url: `/api/it/receipts/${uuid}/details`,
      token: owner.token,
      headers: { accept: 'application/pdf' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /documento-commerciale-DCW2026-0341-\d{4}\.pdf/,
    );
    const folder = mkdtempSync(join(tmpdir(), 'receipt-pdf-'));
    try {
      writeFileSync(join(folder, 'r.pdf'), response.rawPayload);
      const text = execFileSync('/usr/bin/pdftotext', ['-layout', join(folder, 'r.pdf'), '-'], {
        encoding: 'utf8',
      });
      expect(text).toContain('DOCUMENTO COMMERCIALE');
      expect(text).toContain('di vendita o prestazione');
      expect(text).toMatch(/Caff. 2,00 x 3,50\s+10%\s+7,00/);
      expect(text).toMatch(/Sconto\s+-2,00/);
      expect(text).toMatch(/Omaggio\s+-5,00/);
      expect(text).toMatch(/TOTALE COMPLESSIVO\s+17,00/);
      expect(text).toMatch(/di cui IVA\s+2,63/);
      expect(text).toMatch(/Pagamento elettronico\s+6,99/);
      expect(text).toMatch(/DOCUMENTO N\. 0341-\d{4}/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('refuses bad figures with every violation on its path, and stores nothing', async () => {
    const before = await receiptCount();
    const response = await send({
      ...THREE_ITEMS,
      lottery_code: 'abc',
      items: [{ quantity: '1.005', description: 'x', unit_price: '1,00', vat_rate_code: '21' }],
    });
    expect(response.statusCode).toBe(400);
    const paths = response
      .json<{ violations: { propertyPath: string }[] }>()
      .violations.map((v) => v.propertyPath);
    expect(paths).toEqual([
      'lottery_code',
      'items[0].quantity',
      'items[0].unit_price',
      'items[0].vat_rate_code',
    ]);
    const short = await send({ ...THREE_ITEMS, cash_payment_amount: '9.99' });
    expect(short.statusCode).toBe(400);
    expect(short.json().violations).toEqual([
      expect.objectContaining({ propertyPath: '', code: 'payments_do_not_match_total' }),
    ]);
    expect(await receiptCount()).toBe(before);
  });

  it('sends only for receipts-enabled registries the login acts for', async () => {
    const disabled = await send({ ...THREE_ITEMS, fiscal_id: Y });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().violations[0]).toMatchObject({
      propertyPath: 'fiscal_id',
      code: 'fiscal_id_not_receipts_enabled',
    });
    const notLinked = await send(THREE_ITEMS, unlinked);
    expect(notLinked.statusCode).toBe(403);
    expect(notLinked.json().detail).toContain(X);
    const withoutRole = await t.createUser({
      roles: { it: ['ROLE_INVOICING'], common: ['ROLE_USER'] },
    });
    expect((await send(THREE_ITEMS, { ...owner, token: withoutRole.token })).statusCode).toBe(403);
    expect((await send(THREE_ITEMS, linked)).statusCode).toBe(201);
    await drainJobs(t);
  });

  it('returns part of a sale, never more than is left, and then it cannot be voided', async () => {
    const uuid = await sold();
    const coffee = (await details(uuid)).items[0].id as string;
    const returned = await t.request({
      method: 'POST',
      url: `/api/it/receipts/${uuid}/return`,
      token: owner.token,
      payload: { items: [{ id: coffee, quantity: '1.00' }] },
    });
    expect(returned.statusCode, returned.body).toBe(201);
    expect(returned.json()).toMatchObject({
      type: 'return',
      returned_receipt: uuid,
      total_amount: '3.50000000',
    });
    await drainJobs(t);
    expect((await get(returned.json<{ uuid: string }>().uuid)).json()).toMatchObject({
      status: 'ready',
    });
    const sale = await details(uuid);
    expect(sale.items[0].return).toBe('1.00');
    expect(sale.return_receipts).toEqual([returned.json<{ uuid: string }>().uuid]);
    const tooMany = await t.request({
      method: 'POST',
      url: `/api/it/receipts/${uuid}/return`,
      token: owner.token,
      payload: {
        items: [
          { id: coffee, quantity: '1.01' },
          { id: 'nope', quantity: '1' },
        ],
      },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().violations.map((v: { code: string }) => v.code)).toEqual([
      'quantity_exceeds_returnable',
      'item_unknown',
    ]);
    const voided = await t.request({
      method: 'DELETE',
      url: `/api/it/receipts/${uuid}`,
      token: owner.token,
    });
    expect(voided.statusCode).toBe(409);
  });

  it('voids a sale once: the sale becomes voided, a second void and any return are refused', async () => {
    const uuid = await sold();
    const first = await t.request({
      method: 'DELETE',
      url: `/api/it/receipts/${uuid}`,
      token: owner.token,
    });
    expect(first.statusCode, first.body).toBe(204);
    const second = await t.request({
      method: 'DELETE',
      url: `/api/it/receipts/${uuid}`,
      token: owner.token,
    });
    expect(second.statusCode).toBe(409);
    await drainJobs(t);
    const sale = (await get(uuid)).json();
    expect(sale.status).toBe('voided');
    expect((await get(sale.voiding_receipt)).json()).toMatchObject({
      type: 'void',
      status: 'ready',
      voided_receipt: uuid,
    });
    const late = await t.request({
      method: 'POST',
      url: `/api/it/receipts/${uuid}/return`,
      token: owner.token,
      payload: { items: [{ id: 'x', quantity: '1' }] },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().violations[0].code).toBe('receipt_not_returnable');
  });

  it('retries while the Agenzia cannot be reached, and fails when it never answers or refuses', async () => {
    const electronic = {
      ...THREE_ITEMS,
      cash_payment_amount: '0',
      electronic_payment_amount: '16.99',
    };
    const busy = (await send({ ...electronic, lottery_code: ADE_SCENARIOS.busyOnce })).json<{
      uuid: string;
    }>().uuid;
    const down = (await send({ ...electronic, lottery_code: ADE_SCENARIOS.down })).json<{
      uuid: string;
    }>().uuid;
    const expired = (
      await send({ ...electronic, lottery_code: ADE_SCENARIOS.expiredCredentials })
    ).json<{ uuid: string }>().uuid;
    await drainJobs(t);
    expect((await get(busy)).json().status).toBe('retry');
    for (let round = 0; round < 8; round += 1) {
      await t.app.platform.jobs.runNow(RECEIPT_SEND_JOB);
      await drainJobs(t);
    }
    expect((await get(busy)).json()).toMatchObject({ status: 'ready', error_code: null });
    expect((await get(down)).json()).toMatchObject({
      status: 'failed',
      error_code: 'SERVICE_UNAVAILABLE',
    });
    expect((await get(expired)).json()).toMatchObject({
      status: 'failed',
      error_code: 'CREDENTIALS_EXPIRED',
    });
  });

  it('tells the webhooks and mails the alert recipients when a receipt fails', async () => {
    await t.db
      .update(itBusinessRegistryConfigurations)
      .set({ receiptsAlertRecipients: ['shop-alerts@example.test'] })
      .where(eq(itBusinessRegistryConfigurations.fiscalId, X));
    for (const event of ['receipt', 'receipt-error']) {
      const hook = await t.request({
        method: 'POST',
        url: '/api/it/api-configurations',
        token: owner.token,
        payload: { event, target_url: `https://hooks.example.test/${event}` },
      });
      expect(hook.statusCode, hook.body).toBe(201);
    }
    const electronic = {
      ...THREE_ITEMS,
      cash_payment_amount: '0',
      electronic_payment_amount: '16.99',
    };
    const failed = (await send({ ...electronic, lottery_code: ADE_SCENARIOS.notAllowed })).json<{
      uuid: string;
    }>().uuid;
    const ready = await sold();
    await drainJobs(t);
    const deliveries = await t.db
      .select({ event: webhookDeliveries.event, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.ownerId, owner.id));
    const sent = (event: string) =>
      deliveries.filter((d) => d.event === event).map((d) => (d.payload as { uuid: string }).uuid);
    expect(sent('receipt-error')).toContain(failed);
    expect(sent('receipt')).toContain(ready);
    expect(sent('receipt')).not.toContain(failed);
    const mails = await t.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, 'shop-alerts@example.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('CANNOTSENDDATAFORTHISLEGALENTITY');
    expect(mails[0]?.text).toContain(`dialog_uuid=${failed}`);
  });

  it('keeps each company to its logins: another company is 404, a sub-account lists only its own', async () => {
    const uuid = await sold();
    const stranger = await t.createUser({ roles: ROLES });
    expect((await get(uuid, '', { ...owner, token: stranger.token })).statusCode).toBe(404);
    expect((await get(uuid, '', unlinked)).statusCode).toBe(404);
    const list = await t.request({
      method: 'GET',
      url: '/api/it/receipts?type=sale',
      token: unlinked.token,
      headers: { accept: 'application/ld+json' },
    });
    expect(list.json()['hydra:totalItems']).toBe(0);
    const mine = await t.request({
      method: 'GET',
      url: `/api/it/receipts?business_registry_configuration.fiscal_id[]=${X}&status=ready`,
      token: linked.token,
      headers: { accept: 'application/ld+json' },
    });
    expect(mine.json()['hydra:totalItems']).toBeGreaterThan(0);
  });

  it('is closed from 23:55 to midnight in Rome, and a receipt not sent on its day fails', async () => {
    now = new Date('2026-12-07T22:56:00Z');
    const closed = await send(THREE_ITEMS);
    expect(closed.statusCode).toBe(400);
    expect(closed.json().violations[0]).toMatchObject({ propertyPath: '', code: 'closing_window' });
    now = new Date('2026-12-07T22:50:00Z');
    const late = await send(THREE_ITEMS);
    expect(late.statusCode).toBe(201);
    now = new Date('2026-12-07T23:05:00Z');
    await drainJobs(t);
    const failed = (await get(late.json<{ uuid: string }>().uuid)).json();
    expect(failed).toMatchObject({ status: 'failed', error_code: 'DAY_CLOSED' });
    const [row] = await t.db
      .select()
      .from(itReceipts)
      .where(and(eq(itReceipts.uuid, failed.uuid)));
    expect(row?.documentNumber).toBeNull();
    now = MORNING;
  });

  it('sends the accepted receipts of a registry with legal storage to preservation every night, once', async () => {
    await sold();
    await t.db
      .update(itBusinessRegistryConfigurations)
      .set({ applyLegalStorage: true })
      .where(eq(itBusinessRegistryConfigurations.fiscalId, X));
    const preserved = async (as = owner) =>
      (
        await t.request({
          method: 'GET',
          url: '/api/preservation/preserved-documents/it/receipt?itemsPerPage=100',
          token: as.token,
          headers: { accept: 'application/ld+json' },
        })
      ).json<{ 'hydra:totalItems': number; 'hydra:member': { uuid: string; status: string }[] }>();
    // The night after: today's receipts are past.
    now = new Date('2026-12-08T01:30:00Z');
    await t.app.platform.jobs.enqueue(RECEIPTS_PRESERVATION_JOB, {});
    await drainJobs(t);
    const first = await preserved();
    const accepted = (
      await t.db.select().from(itReceipts).where(eq(itReceipts.ownerId, owner.id))
    ).filter((receipt) => ['ready', 'voided'].includes(receipt.status));
    expect(first['hydra:totalItems']).toBe(accepted.length);
    expect(first['hydra:member'].every((document) => document.status === 'stored')).toBe(true);
    const original = await t.request({
      method: 'GET',
      url: `/api/preservation/preserved-documents/it/receipt/${first['hydra:member'][0]?.uuid}/original-document`,
      token: owner.token,
    });
    expect(original.headers['content-type']).toContain('application/json');
    expect(original.json()).toMatchObject({ fiscal_id: X, status: expect.any(String) });
    // A second night sends nothing twice.
    await t.app.platform.jobs.enqueue(RECEIPTS_PRESERVATION_JOB, {});
    await drainJobs(t);
    expect((await preserved())['hydra:totalItems']).toBe(accepted.length);
    expect((await preserved(unlinked))['hydra:totalItems']).toBe(0);
    now = MORNING;
  });
});
