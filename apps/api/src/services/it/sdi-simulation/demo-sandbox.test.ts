import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { users } from '../../../db/schema/index.ts';
import { drainJobs, getInvoice, sample, sendXml } from '../it-test-kit.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0', SEED_DEMO: 'true' });
  const [italy] = await t.db.select().from(users).where(eq(users.email, 'italy@demo.fiscus.test'));
  if (!italy) throw new Error('demo seed missing italy@');
  token = t.app.signToken(italy);
});
afterAll(async () => {
  await t.close();
});

describe('demo sandbox: italy@ (ALPHA SRL) and its company BETA', () => {
  it('sends the official samples unchanged; BETA receives them as supplier invoices', async () => {
    const fpr = await sendXml(t, token, sample('official/v1.2.2/IT01234567890_FPR01.xml'));
    const fpa = await sendXml(t, token, sample('official/v1.2.2/IT01234567890_FPA03.xml'));
    const fsm = await sendXml(
      t,
      token,
      sample('official/semplificata/IT01234567890_FSM10.xml'),
      {},
      '/api/it/invoices/simplified',
    );
    await drainJobs(t);
    expect((await getInvoice(t, token, (fpr.json() as { uuid: string }).uuid)).marking).toBe(
      'delivered',
    );
    expect((await getInvoice(t, token, (fpa.json() as { uuid: string }).uuid)).marking).toBe(
      'delivered-pa',
    );
    expect((await getInvoice(t, token, (fsm.json() as { uuid: string }).uuid)).marking).toBe(
      'delivered',
    );
    const received = await t.request({
      method: 'GET',
      url: '/api/it/invoices?type=1',
      token,
      headers: { accept: 'application/ld+json' },
    });
    const body = received.json() as {
      'hydra:totalItems': number;
      'hydra:member': { marking: string; recipientFormatted: string }[];
    };
    expect(body['hydra:totalItems']).toBe(3);
    expect(new Set(body['hydra:member'].map((i) => i.marking))).toEqual(new Set(['received']));
  });
});
