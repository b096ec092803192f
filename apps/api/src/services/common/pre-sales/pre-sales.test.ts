import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumptionSchema, hydraCollectionSchema, preSaleSchema } from '@fiscus/contracts';
import { consumptions, preSales } from '../../../db/schema/index.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { lastTwelveMonths } from './pre-sales.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
  it('lists only the caller\u2019s credit with decimal-string amounts', async () => {
    const { user, token } = await t.createUser();
    const other = await t.createUser();
    await t.db.insert(preSales).values([
      {
        ownerId: user.id,
        creditPurchased: '1000.10',
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
      current_credit_available: '0.30',
      current_credit_purchased_at: '2026-02-01T10:00:00.000Z',
      invoices_sent: 7,
      invoices_received: 3,
    });
    const json = await t.request({ method: 'GET', url: '/api/common/pre-sales', token });
    expect(json.json()).toHaveLength(1);
  });

  it('needs a token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/common/pre-sales' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/common/consumptions' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /consumptions', () => {
  it('returns 12 months, zero-filled, with the caller\u2019s totals only', async () => {
    const { user, token } = await t.createUser();
    const other = await t.createUser();
    const months = lastTwelveMonths(new Date());
    const current = months[11]!;
    const oldest = months[0]!;
    await t.db.insert(consumptions).values([
      { ownerId: user.id, year: current.year, month: current.month, total: '12.34' },
      { ownerId: user.id, year: oldest.year, month: oldest.month, total: '0.10' },
      // 13 months ago: out of the window.
      { ownerId: user.id, year: oldest.year - 1, month: oldest.month, total: '999.00' },
      { ownerId: other.user.id, year: current.year, month: current.month, total: '50.00' },
    ]);
    const response = await t.request({
      method: 'GET',
      url: '/api/common/consumptions',
      token,
      headers: { accept: 'application/ld+json' },
    });
    const body = hydraCollectionSchema(consumptionSchema).parse(response.json());
    expect(body['hydra:totalItems']).toBe(12);
    expect(body['hydra:member'][11]).toEqual({ ...current, total: '12.34' });
    expect(body['hydra:member'][0]).toEqual({ ...oldest, total: '0.10' });
    expect(body['hydra:member'].filter((m) => m.total === '0.00')).toHaveLength(10);
    expect(body['hydra:member'].some((m) => m.total === '999.00')).toBe(false);

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
