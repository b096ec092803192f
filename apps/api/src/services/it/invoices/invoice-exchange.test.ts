import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { itInvoices, itNotifications } from '../../../db/schema/index.ts';
import {
  SDI_PA_TERMS_JOB,
  SDI_PROCESS_JOB,
  SDI_TRANSMIT_JOB,
} from '../../../gateways/sdi/sandbox.ts';
import { createAlpha, drainJobs, getInvoice, sample, sendXml } from '../it-test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0', SANDBOX_PA_TERMS_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

function invoiceXml(number: string, file = 'official/v1.2.2/IT01234567890_FPR01.xml'): string {
  return sample(file).replace('<Numero>123</Numero>', `<Numero>${number}</Numero>`);
}

async function storedNotifications(uuid: string) {
  return t.db
    .select({ type: itNotifications.type })
    .from(itNotifications)
    .where(eq(itNotifications.invoiceUuid, uuid));
}

/** Makes the queue refuse one job type, as if the process died before enqueueing it. */
function failEnqueueOf(type: string) {
  const { jobs } = t.app.platform;
  const enqueue = jobs.enqueue.bind(jobs);
  return vi.spyOn(jobs, 'enqueue').mockImplementation(((
    jobType: string,
    payload: unknown,
    options?: Parameters<typeof enqueue>[2],
  ) => {
    if (jobType === type) return Promise.reject(new Error('enqueue failed'));
    return enqueue(jobType, payload, options as never);
  }) as typeof jobs.enqueue);
}

describe('invoice exchange with SDI: one transaction per step, each step idempotent', () => {
  it('a retried exchange step writes no second notification or supplier copy', async () => {
    const { token } = await createAlpha(t);
    // BETA, the samples' buyer, is an account of this instance: it receives a copy.
    const beta = await t.createUser({
      roles: { it: ['ROLE_INVOICING'] },
      invoicingName: 'BETA SRL',
      invoicingFiscalId: '09876543210',
    });
    const { uuid } = (await sendXml(t, token, invoiceXml('RETRY-1'))).json() as { uuid: string };
    await t.app.platform.worker.runOnce(); // transmission: SDI receives the file
    // The checks' job runs twice at once (a worker's lock ran out while it was still running).
    await t.app.platform.jobs.enqueue(SDI_PROCESS_JOB, { uuid });
    await drainJobs(t);
    const delivered = await getInvoice(t, token, uuid);
    expect(delivered.marking).toBe('delivered');
    expect(await storedNotifications(uuid)).toEqual([{ type: 'RC' }]);

    // Each step runs again (a worker died after committing, before marking its job done).
    await t.app.platform.jobs.enqueue(SDI_TRANSMIT_JOB, { uuid });
    await t.app.platform.jobs.enqueue(SDI_PROCESS_JOB, { uuid });
    await drainJobs(t);

    expect(await storedNotifications(uuid)).toEqual([{ type: 'RC' }]);
    expect(await getInvoice(t, token, uuid)).toMatchObject({
      marking: 'delivered',
      sdi_file_id: delivered.sdi_file_id,
      sdi_file_name: delivered.sdi_file_name,
    });
    const copies = await t.db.select().from(itInvoices).where(eq(itInvoices.sourceUuid, uuid));
    expect(copies.map((copy) => [copy.ownerId, copy.marking])).toEqual([
      [beta.user.id, 'received'],
    ]);
  });

  it("a public administration's terms give one DT, however often their step runs", async () => {
    const { token } = await createAlpha(t);
    const xml = invoiceXml('RETRY-PA1', 'official/v1.2.2/IT01234567890_FPA01.xml');
    const { uuid } = (await sendXml(t, token, xml)).json() as { uuid: string };
    await drainJobs(t);
    await t.app.platform.jobs.enqueue(SDI_PA_TERMS_JOB, { uuid });
    await t.app.platform.jobs.enqueue(SDI_PA_TERMS_JOB, { uuid });
    await drainJobs(t);
    expect((await getInvoice(t, token, uuid)).marking).toBe('deadline-terms');
    expect((await storedNotifications(uuid)).map((n) => n.type)).toEqual(['RC', 'DT']);
  });

  it('a failure between the invoice insert and its enqueue leaves neither', async () => {
    const { token, user } = await createAlpha(t);
    const spy = failEnqueueOf(SDI_TRANSMIT_JOB);
    try {
      const response = await sendXml(t, token, invoiceXml('CRASH-1'));
      expect(response.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await t.db.select().from(itInvoices).where(eq(itInvoices.ownerId, user.id))).toEqual([]);
    // Nothing was queued either: draining runs no step of a missing invoice.
    await drainJobs(t);
  });

  it('a failed enqueue of a fix leaves the rejected invoice unfixed and fixable', async () => {
    const { token } = await createAlpha(t);
    const xml = invoiceXml('FIX-1');
    await sendXml(t, token, xml);
    await drainJobs(t);
    const { uuid } = (await sendXml(t, token, xml)).json() as { uuid: string };
    await drainJobs(t);
    expect((await getInvoice(t, token, uuid)).marking).toBe('rejected');

    const fixedXml = xml.replace('<Numero>FIX-1</Numero>', '<Numero>FIX-2</Numero>');
    const spy = failEnqueueOf(SDI_TRANSMIT_JOB);
    try {
      const fix = await sendXml(t, token, fixedXml, { 'x-fix-invoice-uuid': uuid });
      expect(fix.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const [rejected] = await t.db.select().from(itInvoices).where(eq(itInvoices.uuid, uuid));
    expect(rejected?.fixedByUuid).toBeNull();
    const fixes = await t.db.select().from(itInvoices).where(eq(itInvoices.fixOfUuid, uuid));
    expect(fixes).toEqual([]);

    const fix = await sendXml(t, token, fixedXml, { 'x-fix-invoice-uuid': uuid });
    expect(fix.statusCode).toBe(202);
  });

  it('a failed webhook enqueue rolls the notification and its marking back; the retry writes them once', async () => {
    const { token } = await createAlpha(t);
    const { uuid } = (await sendXml(t, token, invoiceXml('HOOK-1'))).json() as { uuid: string };
    const spy = failEnqueueOf('webhooks.dispatch');
    try {
      await t.app.platform.worker.runOnce(); // transmission: SDI receives the file
      await t.app.platform.worker.runOnce(); // checks and delivery: the webhook's enqueue fails
    } finally {
      spy.mockRestore();
    }
    expect((await getInvoice(t, token, uuid)).marking).toBe('sent');
    expect(await storedNotifications(uuid)).toEqual([]);

    // The process step is retried after its back-off.
    await t.app.platform.jobs.enqueue(SDI_PROCESS_JOB, { uuid });
    await drainJobs(t);
    expect((await getInvoice(t, token, uuid)).marking).toBe('delivered');
    expect(await storedNotifications(uuid)).toEqual([{ type: 'RC' }]);
  });
});
