import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itBusinessRegistryConfigurations, itInvoices, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed-demo.ts';
import { DEMO_BRANCH_COMPANY, DEMO_OWN_COMPANY } from '../../gateways/sdi/registries/index.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { createTestApp } from '../../../test/test-app.ts';
import type { DemoHistorySummary } from './demo-history.ts';
import { seedDemoHistory } from './demo-history.ts';

// One history for the file: the same run the server's first start makes.
let t: TestApp;
let summary: DemoHistorySummary;
let token: string;
const now = new Date('2026-11-20T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  summary = await seedDemoHistory({
    db: t.db,
    logger: t.app.log,
    apiBaseUrl: address,
    now,
    files: t.app.platform.files,
  });
  const login = await t.request({
    method: 'POST',
    url: '/api/common/login',
    payload: { email: 'italy@demo.fiscus.test', password: DEMO_PASSWORD },
  });
  token = login.json().token as string;
}, 180_000);
afterAll(async () => {
  await t.close();
});

const get = async (url: string) => {
  const response = await t.request({ method: 'GET', url, token });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};

describe('the demo history of italy@', () => {
  it('sends about 150 customer invoices ending in every marking', () => {
    const alpha = summary.companies[DEMO_OWN_COMPANY.vat];
    expect(alpha?.customerInvoices).toBeGreaterThanOrEqual(140);
    expect(alpha?.customerInvoices).toBeLessThanOrEqual(160);
    for (const marking of [
      'delivered',
      'delivered-pa',
      'rejected',
      'accepted-pa',
      'rejected-pa',
      'deadline-terms',
      'not-delivered',
      'quarantena',
      'invoice-error',
      'draft',
      'draft-blocked',
    ]) {
      expect(summary.markings[marking], marking).toBeGreaterThan(0);
    }
  });

  it('receives about 80 supplier invoices and delivers webhooks for real', () => {
    expect(summary.companies[DEMO_OWN_COMPANY.vat]?.supplierInvoices).toBe(80);
    expect(summary.webhookDeliveries).toBeGreaterThan(0);
  });

  it('leaves fixable and non-fixable rejections, and fixed ones', async () => {
    const rejected = (await get('/api/it/invoices?type=0&marking=rejected&itemsPerPage=50')) as {
      uuid: string;
      fixed_by_uuid?: string | null;
    }[];
    const fixable = await Promise.all(
      rejected.map(
        async (invoice) => (await get(`/api/it/invoices/${invoice.uuid}/fix-info`)).is_fixable,
      ),
    );
    expect(fixable).toContain(true);
    expect(fixable).toContain(false);
  });

  it('spreads invoices and notifications over the year, as the statistics show', async () => {
    const stats = await get('/api/it/invoices/stats/2026');
    const months = stats.months as { customer_invoices: { count: number } }[];
    expect(months.filter((month) => month.customer_invoices.count > 0).length).toBeGreaterThan(8);
    expect(stats.stats.notifications.rc).toBeGreaterThan(50);
  });

  it('has a pre-sale that paid for exactly these invoices', async () => {
    const sales = await get('/api/common/pre-sales');
    const sale = sales[0] as {
      invoices_sent: number;
      invoices_received: number;
    };
    // Every stored invoice is paid for, the rejections recovered from the cassetto included.
    expect(summary.recoveredRejections).toBeGreaterThan(0);
    expect(sale.invoices_sent).toBe(summary.customerInvoices + summary.recoveredRejections);
    expect(sale.invoices_received).toBe(summary.supplierInvoices);
  });
});

describe("ALPHA SRL's smart receipts", () => {
  it('are two months of sales through the Agenzia, with returns, voids and one refusal', async () => {
    expect(summary.receipts).toBeGreaterThan(60);
    const list = async (query: string) =>
      (await get(`/api/it/receipts?itemsPerPage=100&${query}`)) as {
        type: string;
        status: string;
        created_at: string;
        document_number: string | null;
        document_date: string | null;
        error_code: string | null;
      }[];
    const sales = await list('type=sale');
    expect(sales.length).toBeGreaterThan(40);
    // Each accepted document is numbered on the Rome day it was made (its closure).
    for (const sale of sales.filter((receipt) => receipt.document_number)) {
      expect(sale.document_date?.slice(0, 10)).toBe(sale.created_at.slice(0, 10));
    }
    expect(sales.some((sale) => sale.status === 'voided')).toBe(true);
    expect(sales.filter((sale) => sale.status === 'failed').map((sale) => sale.error_code)).toEqual(
      ['CREDENTIALS_EXPIRED'],
    );
    expect((await list('type=return&status=ready')).length).toBeGreaterThan(0);
    expect((await list('type=void&status=ready')).length).toBeGreaterThan(0);
    // Sundays closed: no receipt made on one (in Rome).
    for (const sale of sales) {
      const weekday = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Rome',
        weekday: 'short',
      });
      expect(weekday.format(new Date(sale.created_at))).not.toBe('Sun');
    }
  });
});

describe("ALPHA SRL's Sistema TS expenses", () => {
  it('are two months of expenses with their receipts: most accepted, a warning, two refusals, a cancellation', async () => {
    expect(summary.expenses).toBeGreaterThan(20);
    const expenses = (await get('/api/it/sistema-ts/expenses?itemsPerPage=100')) as {
      uuid: string;
      status: string;
      document_date: string;
      created_at: string;
      requests: { protocol_id: string; responses: { code: string }[] }[];
    }[];
    expect(expenses).toHaveLength(summary.expenses);
    const counts = (status: string) => expenses.filter((entry) => entry.status === status).length;
    expect(counts('success')).toBeGreaterThan(15);
    expect(counts('warning')).toBeGreaterThan(0);
    expect(counts('cancelled')).toBe(1);
    const refused = expenses
      .filter((entry) => entry.status === 'error')
      .map((entry) => entry.requests[0]?.responses[0]?.code)
      .sort();
    expect(refused).toEqual(['CF_CITTADINO_NON_PRESENTE', 'DOCUMENTO_DUPLICATO']);
    // Each protocol is of the Rome day the expense was sent (yyMMdd first).
    for (const entry of expenses.filter((item) => item.status !== 'cancelled')) {
      const protocol = entry.requests[0]?.protocol_id ?? '';
      expect(`20${protocol.slice(0, 2)}-${protocol.slice(2, 4)}-${protocol.slice(4, 6)}`).toBe(
        entry.document_date,
      );
    }
    const sample = expenses.find((entry) => entry.status === 'warning');
    const receipts = (await get(`/api/it/sistema-ts/expenses/${sample?.uuid}/receipts`)) as {
      url: string;
      outcome: number;
    }[];
    expect(receipts[0]?.outcome).toBe(2);
    const pdf = await t.request({ method: 'GET', url: receipts[0]?.url ?? '', token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe("the history of italy@'s second company, ALPHA SERVIZI SRL", () => {
  const invoicesOf = async (type: 0 | 1) => {
    const [owner] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'italy@demo.fiscus.test'));
    const company =
      type === 0
        ? eq(itInvoices.senderVat, `IT${DEMO_BRANCH_COMPANY.vat}`)
        : eq(itInvoices.recipientVat, `IT${DEMO_BRANCH_COMPANY.vat}`);
    return t.db
      .select({ marking: itInvoices.marking, number: itInvoices.invoiceNumber })
      .from(itInvoices)
      .where(and(eq(itInvoices.ownerId, owner!.id), eq(itInvoices.type, type), company));
  };

  it('is a registry of the business with customer invoices in several markings, and drafts', async () => {
    const [registry] = await t.db
      .select()
      .from(itBusinessRegistryConfigurations)
      .where(eq(itBusinessRegistryConfigurations.fiscalId, DEMO_BRANCH_COMPANY.vat));
    expect(registry?.name).toBe('ALPHA SERVIZI SRL');

    const sent = await invoicesOf(0);
    const branch = summary.companies[DEMO_BRANCH_COMPANY.vat];
    expect(branch?.customerInvoices).toBeGreaterThanOrEqual(12);
    expect(sent.filter((row) => !row.marking.startsWith('draft'))).toHaveLength(
      branch?.customerInvoices ?? -1,
    );
    const markings = new Set(sent.map((row) => row.marking));
    for (const marking of ['delivered', 'accepted-pa', 'rejected-pa', 'not-delivered', 'draft']) {
      expect(markings, marking).toContain(marking);
    }
    expect(sent.every((row) => !row.number?.startsWith('FV'))).toBe(true);
    expect(branch?.drafts).toBeGreaterThan(0);
  });

  it('receives its own supplier invoices', async () => {
    const received = await invoicesOf(1);
    expect(received).toHaveLength(
      summary.companies[DEMO_BRANCH_COMPANY.vat]?.supplierInvoices ?? -1,
    );
    expect(received.length).toBeGreaterThanOrEqual(5);
    expect(summary.supplierInvoices).toBe(80 + received.length);
  });
});

describe('the Peppol demo history of peppol@', () => {
  type Doc = {
    number: string;
    direction: string;
    sender: { name: string };
    recipient: { identifier: string };
    peppolMessage: { success: boolean | null; errorCode: string | null };
    downloaded: boolean;
  };
  const list = async (peppolToken: string, url: string) => {
    const response = await t.request({ method: 'GET', url, token: peppolToken });
    expect(response.statusCode, url).toBe(200);
    return response.json<Doc[]>();
  };

  it('is three months of documents between the Italian and the Belgian legal entity, failed messages included', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/common/login',
      payload: { email: 'peppol@demo.fiscus.test', password: DEMO_PASSWORD },
    });
    const peppolToken = login.json().token as string;
    const all = '?itemsPerPage=100&createdAt[after]=2026-08-01';
    const italianOut = await list(peppolToken, `/api/peppol/it/invoices${all}&direction=outgoing`);
    const belgianIn = await list(peppolToken, `/api/peppol/be/invoices${all}&direction=incoming`);
    const delivered = italianOut.filter((doc) => doc.peppolMessage.success === true);
    expect(delivered.length).toBeGreaterThanOrEqual(10);
    // Each delivered Italian invoice is an incoming Belgian one.
    expect(belgianIn.map((doc) => doc.number).sort()).toEqual(
      delivered.map((doc) => doc.number).sort(),
    );
    expect(
      italianOut
        .filter((doc) => doc.peppolMessage.success === false)
        .map((doc) => doc.peppolMessage.errorCode),
    ).toEqual(['PEPPOL:PARTICIPANT_NOT_FOUND', 'PEPPOL:PARTICIPANT_NOT_FOUND']);
    const orders = await list(peppolToken, `/api/peppol/it/orders${all}&direction=outgoing`);
    expect(
      orders
        .filter((doc) => doc.recipient.identifier === '0208:0123456749')
        .map((doc) => doc.peppolMessage.errorCode),
    ).toEqual(['PEPPOL:NOT_SERVICED', 'PEPPOL:NOT_SERVICED', 'PEPPOL:NOT_SERVICED']);
    // NSO: the public buyer's orders to GAMMA, two answered (accepted, refused).
    const nso = await t.request({
      method: 'GET',
      url: `/api/peppol/it/orders${all}&direction=incoming&transaction=nso`,
      token: peppolToken,
    });
    expect(
      nso
        .json<{ number: string; processInformation: { orderStatus: string | null } }[]>()
        .map((doc) => [doc.number.slice(0, 4), doc.processInformation.orderStatus]),
    ).toEqual([
      ['NSO-', null],
      ['NSO-', 'RE'],
      ['NSO-', 'AP'],
    ]);
    const responses = await list(
      peppolToken,
      `/api/peppol/it/order-responses${all}&direction=outgoing`,
    );
    expect(responses).toHaveLength(2);
    // The accepted order's despatch advice, on both sides.
    const despatches = await list(peppolToken, `/api/peppol/it/despatch-advices${all}`);
    expect(despatches.map((doc) => [doc.direction, doc.peppolMessage.success]).sort()).toEqual([
      ['incoming', true],
      ['outgoing', true],
    ]);
    const italianIn = await list(peppolToken, `/api/peppol/it/invoices${all}&direction=incoming`);
    expect(italianIn.length).toBeGreaterThanOrEqual(5);
    expect(italianIn.every((doc) => doc.sender.name === 'Delta Peppol BV')).toBe(true);
    expect(italianIn.some((doc) => doc.downloaded)).toBe(true);
    expect(
      (await list(peppolToken, `/api/peppol/it/credit-notes${all}&direction=incoming`)).length,
    ).toBeGreaterThanOrEqual(1);
    // The dashboard's year: every document of the history, the failed messages among them.
    const stats = await t.request({
      method: 'GET',
      url: '/api/peppol/it/statistics?year=2026',
      token: peppolToken,
    });
    expect(stats.statusCode, stats.body).toBe(200);
    const months = stats.json<{
      months: { outgoing: number; incoming: number; failed: number }[];
    }>().months;
    expect(months).toHaveLength(12);
    expect(months.reduce((sum, month) => sum + month.failed, 0)).toBe(5);
    expect(months.slice(0, 7).every((month) => month.outgoing + month.incoming === 0)).toBe(true);
    expect(summary.peppolDocuments).toBe(
      italianOut.length +
        orders.length +
        responses.length +
        despatches.filter((doc) => doc.direction === 'outgoing').length +
        (await list(peppolToken, `/api/peppol/be/invoices${all}&direction=outgoing`)).length +
        (await list(peppolToken, `/api/peppol/be/credit-notes${all}&direction=outgoing`)).length,
    );
  });

  it('gives poland@ months of KSeF invoices in every status, one entity onboarding, one blocked', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/common/login',
      payload: { email: 'poland@demo.fiscus.test', password: DEMO_PASSWORD },
    });
    const plToken = login.json<{ token: string }>().token;
    const plList = async <T>(url: string) => {
      const response = await t.request({ method: 'GET', url, token: plToken });
      expect(response.statusCode, url).toBe(200);
      return response.json<T[]>();
    };
    const entities = await plList<{ name: string; status: string; authFlowStatus: number | null }>(
      '/api/pl/legal-entities',
    );
    expect(
      entities.map((entity) => [entity.name, entity.status, entity.authFlowStatus]).sort(),
    ).toEqual([
      ['Kowalski Consulting sp. z o.o.', 'active', 200],
      ['Nowak Dostawy sp. z o.o.', 'active', 200],
      ['Stara Firma sp. j.', 'blocked', 200],
      ['Zielony Ogród s.c.', 'pending', 50],
    ]);
    const outgoing = await plList<{
      status: string;
      invoiceDate: string;
      ksefReferenceNumber: string | null;
    }>('/api/pl/invoices?direction=outgoing&itemsPerPage=100');
    const incoming = await plList<{ status: string }>(
      '/api/pl/invoices?direction=incoming&itemsPerPage=100',
    );
    const statuses = new Set(outgoing.map((invoice) => invoice.status));
    for (const status of ['valid', 'sent', 'delivered', 'confirmed', 'rejected', 'error']) {
      expect(statuses.has(status), status).toBe(true);
    }
    expect(incoming.length).toBeGreaterThan(10);
    expect(incoming.every((invoice) => invoice.status === 'received')).toBe(true);
    // Four months of invoices, each confirmed one with its KSeF number.
    const days = outgoing.map((invoice) => invoice.invoiceDate).sort();
    expect(days[0]! < '2026-08-01').toBe(true);
    expect(
      outgoing
        .filter((invoice) => invoice.status === 'confirmed')
        .every((invoice) => invoice.ksefReferenceNumber),
    ).toBe(true);
    expect(summary.polandInvoices).toBeGreaterThanOrEqual(outgoing.length);
  });
});

describe('the open-banking demo history', () => {
  const loginAs = async (email: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/common/login',
        payload: { email, password: DEMO_PASSWORD },
      })
    ).json<{ token: string }>().token;
  const get = async <T>(token: string, url: string) => {
    const response = await t.request({ method: 'GET', url, token });
    expect(response.statusCode, url).toBe(200);
    return response.json<T>();
  };

  it('gives openbanking@ connected banks with months of transactions, payments in every state, a consent nearing its end', async () => {
    const token = await loginAs('openbanking@demo.fiscus.test');
    const registries = await get<{ fiscalId: string; enabled: boolean; accountsCount: number }[]>(
      token,
      '/api/ob/business-registry',
    );
    expect(registries.map((row) => [row.fiscalId, row.enabled, row.accountsCount]).sort()).toEqual([
      ['03456789015', true, 3],
      ['04567890123', true, 1],
      ['GMMSTD80A01F205X', false, 0],
    ]);
    const transactions = await get<{ madeOn: string; status: string }[]>(
      token,
      '/api/ob/business-registry/03456789015/transactions?itemsPerPage=100&madeOn[after]=2026-01-01',
    );
    expect(transactions.length).toBe(100);
    const oldest = await get<{ madeOn: string }[]>(
      token,
      '/api/ob/business-registry/03456789015/transactions?itemsPerPage=1&madeOn[before]=2026-06-30',
    );
    expect(oldest.length).toBe(1);
    const payments = await get<{ status: string }[]>(
      token,
      '/api/ob/business-registry/03456789015/payments?madeOn[after]=2026-01-01',
    );
    expect(payments.map((payment) => payment.status).sort()).toEqual([
      'accepted',
      'created',
      'rejected',
    ]);
    const accounts = await get<{ consentExpiresAt: string }[]>(
      token,
      '/api/ob/business-registry/03456789015/accounts',
    );
    const daysLeft = (Date.parse(accounts[0]!.consentExpiresAt) - now.getTime()) / 86_400_000;
    expect(Math.round(daysLeft)).toBe(20);
    expect(summary.bankTransactions).toBeGreaterThan(300);
  });

  it("pays most of italy@'s recent invoices through ALPHA SRL's bank account, a few waiting for a person", async () => {
    const token = await loginAs('italy@demo.fiscus.test');
    const paid = await get<{ paid: boolean; paid_amount: string | null }[]>(
      token,
      '/api/it/invoices?type=0&paid=true&itemsPerPage=100',
    );
    expect(paid.length).toBeGreaterThan(20);
    expect(paid.every((invoice) => invoice.paid && invoice.paid_amount)).toBe(true);
    expect(summary.invoicesPaidByBank).toBe(paid.length);
    const [registry] = await get<{ fiscalId: string }[]>(token, '/api/ob/business-registry');
    const transactions = await get<{ match: { state: string } | null }[]>(
      token,
      `/api/ob/business-registry/${registry!.fiscalId}/transactions?itemsPerPage=100&category=customer_payment`,
    );
    const states = transactions.map((row) => row.match?.state ?? 'none');
    expect(states.filter((state) => state === 'matched').length).toBeGreaterThan(10);
    expect(states.filter((state) => state === 'suggested').length).toBeGreaterThan(0);
  });
});
