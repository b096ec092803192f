import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed-demo.ts';
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
  summary = await seedDemoHistory({ db: t.db, logger: t.app.log, apiBaseUrl: address, now });
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
    expect(summary.customerInvoices).toBeGreaterThanOrEqual(140);
    expect(summary.customerInvoices).toBeLessThanOrEqual(160);
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
    expect(summary.supplierInvoices).toBe(80);
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
    expect(sale.invoices_sent).toBe(summary.customerInvoices);
    expect(sale.invoices_received).toBe(summary.supplierInvoices);
  });
});
