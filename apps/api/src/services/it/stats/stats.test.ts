import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { preSales } from '../../../db/schema/index.ts';
import { createAlpha, drainJobs, sample, sendXml } from '../it-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/it/invoices/stats/{year}', () => {
  it('counts invoices and notifications per month, priced as the credit card and the consumptions price them', async () => {
    const { token, user } = await createAlpha(t);
    // Stored counts that disagree with the invoices: the statistics, the card and the
    // consumptions all read the invoices themselves (one source), never these.
    await t.db.insert(preSales).values({
      ownerId: user.id,
      creditPurchased: '100.00',
      creditAvailable: '50.00',
      purchasedAt: new Date('2026-01-01T00:00:00Z'),
      invoicesSent: 300,
      invoicesReceived: 200,
    });
    await sendXml(t, token, sample('official/v1.2.2/IT01234567890_FPR01.xml'));
    await sendXml(t, token, sample('official/v1.2.2/IT01234567890_FPR01.xml'));
    await drainJobs(t);
    await t.request({
      method: 'POST',
      url: '/api/it/simulate/supplier-invoice',
      token,
      payload: {},
    });
    const year = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric' }).format(
        new Date(),
      ),
    );
    const month = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', month: 'numeric' }).format(
        new Date(),
      ),
    );
    const response = await t.request({
      method: 'GET',
      url: `/api/it/invoices/stats/${year}?fiscal_id=01234567890`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as {
      stats: Record<string, unknown>;
      months: { month: number; customer_invoices: { count: number } }[];
    };
    expect(body.stats).toEqual({
      customer_invoices: { count: 2, cost: '0.50' },
      supplier_invoice: { count: 1, cost: '0.25' },
      notifications: { at: 0, dt: 0, mc: 0, ne: 0, ns: 1, rc: 1 },
    });
    expect(body.months).toHaveLength(12);
    expect(body.months[month - 1]?.customer_invoices.count).toBe(2);

    // The dashboard's credit card counts the same invoices and takes their price from the credit;
    // this month's consumption is what this month's invoices cost.
    const [preSale] = (
      await t.request({ method: 'GET', url: '/api/common/pre-sales', token })
    ).json() as {
      invoices_sent: number;
      invoices_received: number;
      current_credit_available: string;
    }[];
    expect(preSale).toMatchObject({
      invoices_sent: 2,
      invoices_received: 1,
      current_credit_available: '99.25',
    });
    const consumed = (
      await t.request({ method: 'GET', url: '/api/common/consumptions', token })
    ).json() as { year: number; month: number; total: string }[];
    expect(consumed).toHaveLength(12);
    expect(consumed.at(-1)).toEqual({ year, month, total: '0.75' });
    expect(consumed.slice(0, -1).every((entry) => entry.total === '0.00')).toBe(true);
    const other = await t.request({
      method: 'GET',
      url: `/api/it/invoices/stats/${year - 1}`,
      token,
    });
    expect(
      (other.json() as { stats: { customer_invoices: { count: number } } }).stats.customer_invoices
        .count,
    ).toBe(0);
    expect(
      (await t.request({ method: 'GET', url: '/api/it/invoices/stats/abc', token })).statusCode,
    ).toBe(400);
  });
});
