import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ItJob } from '@fiscus/contracts';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { itBusinessRegistryConfigurations, itInvoices } from '../../../db/schema/index.ts';
import { DEMO_FISCONLINE_CREDENTIALS } from '../../../gateways/tax-portal/fisconline-demo.ts';
import { createAlpha, drainJobs, getInvoice, sample, sendXml } from '../it-test-kit.ts';
import { romeDay } from './rome-days.ts';

/** DITTA BETA, the official samples' buyer: the SDI sandbox delivers ALPHA's invoices to it. */
const BETA = '09876543210';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

describe('massive imports against the tax portal sandbox', () => {
  it('activating downloads what SDI delivered to the fiscal id, once', async () => {
    // ALPHA SRL sends BETA an invoice through the SDI sandbox, which delivers it (RC).
    const alpha = await createAlpha(t);
    const xml = sample('official/v1.2.2/IT01234567890_FPR01.xml').replace(
      '<Numero>123</Numero>',
      '<Numero>MASSIVE-1</Numero>',
    );
    const sent = await sendXml(t, alpha.token, xml);
    expect(sent.statusCode, sent.body).toBe(202);
    await drainJobs(t);
    const delivered = await getInvoice(t, alpha.token, sent.json<{ uuid: string }>().uuid);
    expect(delivered.marking).toBe('delivered');

    // BETA's account: its registry, its Fisconline credentials, then massive imports.
    const beta = await t.createUser({
      roles: {
        it: ['ROLE_INVOICING', 'ROLE_CONFIG', 'ROLE_INVOICING_DOWNLOAD'],
        common: ['ROLE_USER'],
      },
    });
    const registries = '/api/it/business-registry-configurations';
    // The samples' VAT number has a wrong check digit, which the API refuses: stored as the demo does.
    await t.db
      .insert(itBusinessRegistryConfigurations)
      .values({ ownerId: beta.user.id, fiscalId: BETA, name: 'DITTA BETA' });
    const stored = await t.request({
      method: 'PUT',
      url: `${registries}/${BETA}/credentials/fisconline`,
      token: beta.token,
      payload: {
        codice_fiscale: DEMO_FISCONLINE_CREDENTIALS.codiceFiscale,
        password: DEMO_FISCONLINE_CREDENTIALS.password,
        pin: DEMO_FISCONLINE_CREDENTIALS.pin,
      },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const activated = await t.request({
      method: 'POST',
      url: `/api/it/schedule/invoice-download/${BETA}`,
      token: beta.token,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    await drainJobs(t);

    const jobs = (await t.request({ method: 'GET', url: '/api/it/jobs', token: beta.token })).json<
      ItJob[]
    >();
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job?.status, JSON.stringify(job?.output)).toBe('COMPLETED');
    expect(job?.started_at).not.toBeNull();
    expect(job?.output?.imported.map((f) => f.file_name)).toEqual([delivered.sdi_file_name]);
    const received = await t.db
      .select()
      .from(itInvoices)
      .where(and(eq(itInvoices.ownerId, beta.user.id), eq(itInvoices.type, 1)));
    expect(received.map((row) => row.invoiceNumber)).toEqual(['MASSIVE-1']);

    // A download of today again finds it imported already.
    const again = await t.request({
      method: 'POST',
      url: '/api/it/jobs/invoice-download',
      token: beta.token,
      payload: { fiscal_id: BETA, from_date: romeDay(new Date()), to_date: romeDay(new Date()) },
    });
    expect(again.statusCode, again.body).toBe(201);
    await drainJobs(t);
    const second = (
      await t.request({
        method: 'GET',
        url: `/api/it/jobs/${again.json<{ uuid: string }>().uuid}`,
        token: beta.token,
      })
    ).json<ItJob>();
    expect(second.status).toBe('COMPLETED');
    expect(second.output?.imported).toEqual([]);
    expect(second.output?.skipped).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(itInvoices)
        .where(and(eq(itInvoices.ownerId, beta.user.id), eq(itInvoices.type, 1))),
    ).toHaveLength(1);
  });
});
