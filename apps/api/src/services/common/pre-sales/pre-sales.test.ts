import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumptionSchema, hydraCollectionSchema, preSaleSchema } from '@fiscus/contracts';
import { eq } from 'drizzle-orm';
import { consumptions, itInvoices, preSales } from '../../../db/schema/index.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { createAlpha, drainJobs, sample, sendXml } from '../../it/it-test-kit.ts';
import { lastTwelveMonths } from './pre-sales.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

describe('lastTwelveMonths', () => {
  it('ends with the current month in Rome, across a year boundary', () => {
    const months = lastTwelveMonths(new Date('2026-03-15T12:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ year: 2025, month: 4 });
    expect(months[11]).toEqual({ year: 2026, month: 3 });
  });

  it('uses the Rome calendar, not UTC, at midnight of the 1st', () => {
    // 23:30 UTC on 31 January is already 1 February in Rome.
    expect(lastTwelveMonths(new Date('2026-01-31T23:30:00Z'))[11]).toEqual({
      year: 2026,
      month: 2,
    });
    expect(lastTwelveMonths(new Date('2025-12-31T23:30:00Z'))[11]).toEqual({
      year: 2026,
      month: 1,
    });
  });
});

describe('GET /pre-sales', () => {
  it('lists only the caller\u2019s credit, counting and pricing the invoices stored', async () => {
    const { user, token } = await createAlpha(t);
    const other = await t.createUser();
    await t.db.insert(preSales).values([
      {
        ownerId: user.id,
        creditPurchased: '1000.10',
        // Stored figures the invoices contradict: the card reads the invoices (one source).
        creditAvailable: '0.30',
        purchasedAt: new Date('2026-02-01T10:00:00Z'),
        invoicesSent: 7,
        invoicesReceived: 3,
      },
      {
        ownerId: other.user.id,
        creditPurchased: '5.00',
        creditAvailable: '5.00',
        purchasedAt: new Date('2026-02-01T10:00:00Z'),
      },
    ]);
    await sendXml(t, token, sample('official/v1.2.2/IT01234567890_FPR01.xml'));
    await drainJobs(t);
    await t.request({
      method: 'POST',
      url: '/api/it/simulate/supplier-invoice',
      token,
      payload: {},
    });
    const response = await t.request({
      method: 'GET',
      url: '/api/common/pre-sales',
      token,
      headers: { accept: 'application/ld+json' },
    });
    expect(response.statusCode).toBe(200);
    const body = hydraCollectionSchema(preSaleSchema).parse(response.json());
    expect(body['hydra:totalItems']).toBe(1);
    expect(body['hydra:member'][0]).toMatchObject({
      current_credit_purchased: '1000.10',
      // Two invoices at 0.25.
      current_credit_available: '999.60',
      current_credit_purchased_at: '2026-02-01T10:00:00.000Z',
      invoices_sent: 1,
      invoices_received: 1,
    });
    const json = await t.request({ method: 'GET', url: '/api/common/pre-sales', token });
    expect(json.json()).toHaveLength(1);
    const others = await t.request({
      method: 'GET',
      url: '/api/common/pre-sales',
      token: other.token,
    });
    expect(others.json()).toEqual([
      expect.objectContaining({ current_credit_available: '5.00', invoices_sent: 0 }),
    ]);
  });

  it('lets each pre-sale pay for the invoices stored until the next purchase', async () => {
    const { user, token } = await createAlpha(t);
    await sendXml(t, token, sample('official/v1.2.2/IT01234567890_FPR01.xml'));
    await drainJobs(t);
    const [first] = await t.db.select().from(itInvoices).where(eq(itInvoices.ownerId, user.id));
    const after = new Date(first!.createdAt.getTime() + 60_000);
    await t.db.insert(preSales).values([
      // The first pre-sale also pays for what came before it.
      { ownerId: user.id, creditPurchased: '10.00', creditAvailable: '10.00', purchasedAt: after },
      {
        ownerId: user.id,
        creditPurchased: '20.00',
        creditAvailable: '20.00',
        purchasedAt: new Date(after.getTime() + 60_000),
      },
    ]);
    const sales = (
      await t.request({ method: 'GET', url: '/api/common/pre-sales', token })
    ).json() as {
      current_credit_purchased: string;
      current_credit_available: string;
      invoices_sent: number;
    }[];
    const byPurchase = Object.fromEntries(
      sales.map((sale) => [sale.current_credit_purchased, sale]),
    );
    expect(byPurchase['10.00']).toMatchObject({
      invoices_sent: 1,
      current_credit_available: '9.75',
    });
    expect(byPurchase['20.00']).toMatchObject({
      invoices_sent: 0,
      current_credit_available: '20.00',
    });
  });

  it('needs a token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/common/pre-sales' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/common/consumptions' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /consumptions', () => {
  it('returns 12 months, zero-filled, with what the caller\u2019s invoices cost', async () => {
    const { user, token } = await createAlpha(t);
    const other = await createAlpha(t);
    const months = lastTwelveMonths(new Date());
    const current = months[11]!;
    const oldest = months[0]!;
    // Stored consumptions are not the source: the invoices are.
    await t.db
      .insert(consumptions)
      .values([{ ownerId: user.id, year: oldest.year, month: oldest.month, total: '999.00' }]);
    for (const client of [token, token, other.token])
      await sendXml(t, client, sample('official/v1.2.2/IT01234567890_FPR01.xml'));
    await drainJobs(t);
    const response = await t.request({
      method: 'GET',
      url: '/api/common/consumptions',
      token,
      headers: { accept: 'application/ld+json' },
    });
    const body = hydraCollectionSchema(consumptionSchema).parse(response.json());
    expect(body['hydra:totalItems']).toBe(12);
    expect(body['hydra:member'][11]).toEqual({ ...current, total: '0.50' });
    expect(body['hydra:member'][0]).toEqual({ ...oldest, total: '0.00' });
    expect(body['hydra:member'].filter((m) => m.total === '0.00')).toHaveLength(11);

    const paged = await t.request({
      method: 'GET',
      url: '/api/common/consumptions?itemsPerPage=5&page=3',
      token,
    });
    expect(paged.json()).toHaveLength(2);
    expect(
      (await t.request({ method: 'GET', url: '/api/common/consumptions?page=x', token }))
        .statusCode,
    ).toBe(400);
  });
});
