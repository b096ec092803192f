import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { itInvoices, users } from '../../db/schema/index.ts';
import { seedTaxPortalHistory, TAX_PORTAL_HISTORY_OWNER } from './tax-portal-history.ts';

describe('demo history: the tax portal', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it("stores ALPHA SRL's credentials and recovers its older rejections once", async () => {
    const now = new Date('2026-06-15T10:00:00Z');
    // No configuration given: it seals with the key of this process's app, which opens them.
    const first = await seedTaxPortalHistory({ db: t.db, now });
    expect(first.credentialsStored).toBe(true);
    expect(first.recovered).toBeGreaterThanOrEqual(1);

    const [owner] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, TAX_PORTAL_HISTORY_OWNER));
    const rejected = await t.db
      .select()
      .from(itInvoices)
      .where(and(eq(itInvoices.ownerId, owner?.id ?? ''), eq(itInvoices.marking, 'rejected')));
    expect(rejected).toHaveLength(first.recovered);
    expect(rejected.every((row) => row.senderVat === 'IT01234567897')).toBe(true);

    const token = t.app.signToken(owner!);
    const status = await t.request({
      method: 'GET',
      url: '/api/it/business-registry-configurations/01234567897/credentials/fisconline',
      token,
    });
    expect(status.json()).toMatchObject({ credentials_set: true, source: 'form' });
    const count = await t.request({
      method: 'GET',
      url: '/api/it/rejected-invoices/01234567897/count',
      token,
    });
    expect(count.statusCode, count.body).toBe(200);

    const again = await seedTaxPortalHistory({ db: t.db, now, config: t.config });
    expect(again.recovered).toBe(0);
  });
});
