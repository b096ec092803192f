import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { preSales } from '../../../db/schema/index.ts';
import { createAlpha, drainJobs, sample, sendXml } from '../../it/it-test-kit.ts';
import { lastTwelveMonths } from './pre-sales.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

describe('sending an invoice consumes credit of the current pre-sale', () => {
  it('credit, the month’s consumption and the statistics move together', async () => {
    const { user, token } = await createAlpha(t);
    await t.db.insert(preSales).values([
      {
        ownerId: user.id,
        creditPurchased: '100.00',
        creditAvailable: '10.00',
        purchasedAt: new Date(Date.now() - 400 * 86_400_000),
      },
      {
        ownerId: user.id,
        creditPurchased: '50.00',
        creditAvailable: '50.00',
        purchasedAt: new Date(Date.now() - 86_400_000),
      },
    ]);
    const fpr01 = sample('official/v1.2.2/IT01234567890_FPR01.xml');
    for (const number of ['CREDIT-1', 'CREDIT-2']) {
      const sent = await sendXml(
        t,
        token,
        fpr01.replace('<Numero>123</Numero>', `<Numero>${number}</Numero>`),
      );
      expect(sent.statusCode).toBe(202);
    }
    await drainJobs(t);
    // A refused invoice costs nothing.
    const refused = await sendXml(
      t,
      token,
      fpr01.replace('<Divisa>EUR</Divisa>', '<Divisa>EURO</Divisa>'),
    );
    expect(refused.statusCode).toBe(400);

    const sales = (
      await t.request({ method: 'GET', url: '/api/common/pre-sales', token })
    ).json() as { current_credit_available: string; invoices_sent: number }[];
    expect(sales[0]).toMatchObject({ current_credit_available: '49.50', invoices_sent: 2 });
    // The older pre-sale paid for the invoices stored until the next purchase: none here.
    expect(sales[1]).toMatchObject({ current_credit_available: '100.00', invoices_sent: 0 });

    const current = lastTwelveMonths(new Date())[11]!;
    const months = (
      await t.request({ method: 'GET', url: '/api/common/consumptions', token })
    ).json() as { year: number; month: number; total: string }[];
    expect(months.at(-1)).toEqual({ year: current.year, month: current.month, total: '0.50' });

    const stats = (
      await t.request({ method: 'GET', url: `/api/it/invoices/stats/${current.year}`, token })
    ).json() as { stats: { customer_invoices: { count: number; cost: string } } };
    expect(stats.stats.customer_invoices).toEqual({ count: 2, cost: '0.50' });
  });
});
