import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceTransfer } from '@fiscus/contracts';
import type { TestApp } from '../../../test/test-app.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../db/seed-demo.ts';
import { users } from '../../db/schema/index.ts';
import { DEMO_OWN_COMPANY } from '../../gateways/sdi/registries/index.ts';
import { SandboxSdiGateway } from '../../gateways/sdi/sandbox.ts';
import { PROVIDER_RETRY_POLICY } from '../../gateways/sdi/sdi-gateway.ts';
import { InvoiceExchangeService } from '../it/invoices/invoice-exchange.service.ts';
import { InvoicesRepository } from '../it/invoices/invoices.repository.ts';
import { InvoicesService } from '../it/invoices/invoices.service.ts';
import { NotificationsRepository } from '../it/invoices/notifications.repository.ts';
import { SdiDirectoryRepository } from '../it/invoices/sdi-directory.repository.ts';
import {
  DEMO_MANAGED_COMPANIES,
  recipientAccountFinder,
} from '../it/sdi-simulation/find-recipient-account.ts';
import { WEBHOOK_DISPATCH_JOB } from '../../platform/webhooks/events.ts';
import { DemoJobRunner } from './demo-job-runner.ts';
import { DEMO_HISTORY_OWNER } from './demo-history.ts';
import { seedTransfersHistory } from './transfers-history.ts';

// The transfers part of the demo history alone, on the demo accounts and the SDI sandbox.
let t: TestApp;
let sentDays: Date[];
const now = new Date('2026-11-20T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  const [owner] = await t.db.select().from(users).where(eq(users.email, DEMO_HISTORY_OWNER));
  if (!owner) throw new Error('no demo owner');
  const clock = { now };
  const at = () => clock.now;
  const runner = new DemoJobRunner();
  const findRecipientAccount = recipientAccountFinder(t.db, DEMO_MANAGED_COMPANIES);
  const sdi = new SandboxSdiGateway({
    store: new InvoiceExchangeService({
      db: t.db,
      jobs: runner.asQueue,
      findRecipientAccount,
      clock: at,
    }),
    directory: new SdiDirectoryRepository(t.db, findRecipientAccount),
    jobs: runner.asQueue,
    logger: t.app.log,
    delayMs: 0,
    paTermsMs: 0,
    retryPolicy: { ...PROVIDER_RETRY_POLICY, intervalMs: 0 },
    clock: at,
  });
  sdi.registerJobs(runner.asWorker);
  // No api-configuration here: webhook events have nobody to reach.
  runner.register(WEBHOOK_DISPATCH_JOB, () => Promise.resolve());
  const invoices = new InvoicesService(
    t.db,
    new InvoicesRepository(t.db),
    new NotificationsRepository(t.db),
    sdi,
    at,
  );
  sentDays = await seedTransfersHistory({
    db: t.db,
    logger: t.app.log,
    actor: { user: owner, roles: owner.roles, impersonator: null },
    invoices,
    runner,
    clock,
    now,
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the demo transfers of italy@', () => {
  it('shows sent and refused files of the last month, one fixed by a later upload', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/common/login',
      payload: { email: DEMO_HISTORY_OWNER, password: DEMO_PASSWORD },
    });
    const response = await t.request({
      method: 'GET',
      url: `/api/it/invoice-transfers?created_at[after]=2026-10-21`,
      token: login.json().token as string,
      headers: { accept: 'application/json' },
    });
    const rows = response.json() as InvoiceTransfer[];
    expect(rows).toHaveLength(8);
    expect(sentDays).toHaveLength(5);
    const sent = rows.filter((row) => row.invoice_uuid !== null);
    expect(sent).toHaveLength(5);
    expect(sent.every((row) => row.marking === 'delivered' && row.sdi_id !== null)).toBe(true);
    const refused = rows.filter((row) => row.violations !== null);
    expect(refused.map((row) => row.original_file_name).sort()).toEqual([
      `IT${DEMO_OWN_COMPANY.vat}_T0005.xml`,
      `IT${DEMO_OWN_COMPANY.vat}_T0006.xml`,
      'riepilogo.pdf',
    ]);
    expect(refused.find((row) => row.original_file_name.endsWith('T0006.xml'))?.fixed).toBe(true);
    expect(new Set(rows.map((row) => row.reference))).toEqual(
      new Set(['fatture/2026', 'fatture/correzioni']),
    );
  });
});
