import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { JobOutput } from '@fiscus/contracts';
import type { TestApp } from '../../../../test/test-app.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { itInvoices } from '../../../db/schema/index.ts';
import type {
  CassettoInvoice,
  CassettoRange,
  FisconlineCredentials,
  TaxPortalCredentialsReader,
  TaxPortalGateway,
} from '../../../gateways/tax-portal/tax-portal-gateway.ts';
import { WEBHOOK_DISPATCH_JOB } from '../../../platform/webhooks/events.ts';
import { sample } from '../it-test-kit.ts';
import { ItJobsRepository } from '../jobs/jobs.repository.ts';
import { CassettoImporter } from './cassetto-import.ts';
import { startDownloadJob } from './download-jobs.ts';
import { DownloadRunner } from './download-runner.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_DELAY_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

const CREDENTIALS: FisconlineCredentials = {
  codiceFiscale: 'RSSMRA80A01H501U',
  password: 'Password1!',
  pin: '1234567890',
};

const VALID_XML = sample('official/v1.2.2/IT01234567890_FPR01.xml');

function cassettoFile(name: string, sdiId: string, xml = VALID_XML) {
  return {
    sdiId,
    fileName: name,
    xml: Buffer.from(xml),
    metadataXml: Buffer.from('<FileMetadati/>'),
    receivedAt: new Date('2026-01-15T10:00:00Z'),
    supplierFiscalId: 'IT01234567890',
  } satisfies CassettoInvoice;
}

/** The tax portal of the test: a cassetto in memory, credentials accepted or refused. */
class MemoryTaxPortal implements TaxPortalGateway, TaxPortalCredentialsReader {
  files: CassettoInvoice[] = [];
  credentials: FisconlineCredentials | undefined = CREDENTIALS;
  accepts = true;
  down = false;
  ranges: CassettoRange[] = [];

  checkCredentials(): Promise<'ok' | 'invalid'> {
    return Promise.resolve(this.accepts ? 'ok' : 'invalid');
  }
  receivedInvoices(_fiscalId: string, range: CassettoRange): Promise<CassettoInvoice[]> {
    this.ranges.push(range);
    if (this.down) return Promise.reject(new Error('portal unreachable'));
    return Promise.resolve(this.files);
  }
  rejectedInvoices(): Promise<never[]> {
    return Promise.resolve([]);
  }
  credentialsOf(): Promise<FisconlineCredentials | undefined> {
    return Promise.resolve(this.credentials);
  }
}

async function setup(importer?: CassettoImporter) {
  const { user, token } = await t.createUser({
    roles: { it: ['ROLE_INVOICING', 'ROLE_INVOICING_DOWNLOAD'], common: ['ROLE_USER'] },
  });
  const portal = new MemoryTaxPortal();
  const runner = new DownloadRunner({
    jobs: new ItJobsRepository(t.db),
    importer: importer ?? new CassettoImporter(t.db, t.app.platform.jobs),
    taxPortal: { gateway: portal, credentials: portal },
    logger: t.app.log,
  });
  const job = async (from = '2026-01-01', to = '2026-01-31') => {
    const row = await startDownloadJob(t.db, t.app.platform.jobs, {
      ownerId: user.id,
      fiscalId: '01234567897',
      from,
      to,
      at: new Date(),
    });
    return row!.uuid;
  };
  const read = async (uuid: string) =>
    (await t.request({ method: 'GET', url: `/api/it/jobs/${uuid}`, token })).json();
  const supplierInvoices = () =>
    t.db
      .select()
      .from(itInvoices)
      .where(and(eq(itInvoices.ownerId, user.id), eq(itInvoices.type, 1)));
  return { user, token, portal, runner, job, read, supplierInvoices };
}

const FIRST_ATTEMPT = { attempts: 1, maxAttempts: 5 };

describe('the download run', () => {
  it("imports the cassetto's supplier invoices, lists what failed and why, fires webhooks", async () => {
    const { user, portal, runner, job, read, supplierInvoices } = await setup();
    portal.files = [
      cassettoFile('IT01234567890_00001.xml', '1001'),
      cassettoFile('IT01234567890_00002.xml', '1002'),
      cassettoFile('IT01234567890_00003.xml', '1003', '<FatturaElettronica>broken'),
    ];
    const uuid = await job();
    await runner.handle({ job: uuid }, FIRST_ATTEMPT);

    const done = await read(uuid);
    expect(done.status).toBe('COMPLETED');
    expect(done.started_at).not.toBeNull();
    expect(done.completed_at).not.toBeNull();
    const output = done.output as JobOutput;
    expect(output.imported.map((f) => f.sdi_id)).toEqual(['1001', '1002']);
    expect(output.failed).toEqual([
      expect.objectContaining({ sdi_id: '1003', file_name: 'IT01234567890_00003.xml' }),
    ]);
    expect(output.failed[0]?.reason).not.toBe('');
    // Why, as the import's violations: stable codes the console words in the user's language.
    expect(output.failed[0]?.violations?.[0]?.code).toMatch(/\S/);
    // The result is stored as a key and its parameters; the sentence stays for API users.
    expect(output).toMatchObject({
      message_key: 'summary',
      message_parameters: { count: 3, imported: 2, skipped: 0, failed: 1 },
    });
    expect(output.message).toContain('2 imported');

    const rows = await supplierInvoices();
    expect(rows.map((r) => r.sdiFileId).sort()).toEqual(['1001', '1002']);
    expect(rows.every((r) => r.marking === 'received')).toBe(true);
    // The Rome days of the job, as instants: 1 January 00:00 CET to 1 February 00:00 CET.
    expect(portal.ranges[0]).toEqual({
      from: new Date('2025-12-31T23:00:00Z'),
      to: new Date('2026-01-31T23:00:00Z'),
    });
    const webhooks = (await t.app.platform.jobs.jobsOf(WEBHOOK_DISPATCH_JOB)).filter(
      (j) => (j.payload as { ownerId: string }).ownerId === user.id,
    );
    expect(webhooks.map((j) => (j.payload as { event: string }).event)).toEqual([
      'supplier-invoice',
      'supplier-invoice',
    ]);
  });

  it('imports nothing twice: a run failing halfway, run again, and a second job', async () => {
    const real = new CassettoImporter(t.db, t.app.platform.jobs);
    let failed = false;
    const flaky = {
      import: async (ownerId: string, file: CassettoInvoice) => {
        if (file.sdiId === '2002' && !failed) {
          failed = true;
          throw new Error('connection lost');
        }
        return real.import(ownerId, file);
      },
    } as CassettoImporter;
    const { portal, runner, job, read, supplierInvoices } = await setup(flaky);
    portal.files = [
      cassettoFile('IT01234567890_00001.xml', '2001'),
      cassettoFile('IT01234567890_00002.xml', '2002'),
    ];
    const uuid = await job();
    await expect(runner.handle({ job: uuid }, FIRST_ATTEMPT)).rejects.toThrow('connection lost');
    expect((await read(uuid)).status).toBe('STARTED');
    expect(await supplierInvoices()).toHaveLength(1);

    await runner.handle({ job: uuid }, { attempts: 2, maxAttempts: 5 });
    const done = await read(uuid);
    expect(done.status).toBe('COMPLETED');
    expect(done.output.skipped.map((f: { sdi_id: string }) => f.sdi_id)).toEqual(['2001']);
    expect(done.output.imported.map((f: { sdi_id: string }) => f.sdi_id)).toEqual(['2002']);

    // A finished job handled again changes nothing; a new job over the days skips both.
    await runner.handle({ job: uuid }, FIRST_ATTEMPT);
    expect(await read(uuid)).toEqual(done);
    const second = await job();
    await runner.handle({ job: second }, FIRST_ATTEMPT);
    expect((await read(second)).output.skipped).toHaveLength(2);
    expect((await supplierInvoices()).map((r) => r.sdiFileId).sort()).toEqual(['2001', '2002']);
  });

  it('ends in ERROR with a clear output without credentials or with refused ones', async () => {
    const { portal, runner, job, read, supplierInvoices } = await setup();
    portal.files = [cassettoFile('IT01234567890_00001.xml', '3001')];
    portal.credentials = undefined;
    const missing = await job('2026-01-01', '2026-01-02');
    await runner.handle({ job: missing }, FIRST_ATTEMPT);
    const noCredentials = await read(missing);
    expect(noCredentials.status).toBe('ERROR');
    expect(noCredentials.output.message).toContain('No Fisconline credentials');
    expect(noCredentials.output).toMatchObject({
      message_key: 'credentialsMissing',
      message_parameters: { fiscal_id: '01234567897' },
    });
    expect(noCredentials.completed_at).not.toBeNull();

    portal.credentials = CREDENTIALS;
    portal.accepts = false;
    const refused = await job('2026-01-03', '2026-01-04');
    await runner.handle({ job: refused }, FIRST_ATTEMPT);
    expect((await read(refused)).output).toMatchObject({
      message: expect.stringContaining('refused'),
      message_key: 'credentialsRefused',
    });
    expect(await supplierInvoices()).toEqual([]);
  });

  it('retries while the portal is down, and reports ERROR after the last attempt', async () => {
    const { portal, runner, job, read } = await setup();
    portal.down = true;
    const uuid = await job('2026-07-01', '2026-07-01');
    await expect(runner.handle({ job: uuid }, { attempts: 1, maxAttempts: 2 })).rejects.toThrow();
    expect((await read(uuid)).status).toBe('STARTED');
    await runner.handle({ job: uuid }, { attempts: 2, maxAttempts: 2 });
    const failed = await read(uuid);
    expect(failed.status).toBe('ERROR');
    expect(failed.output.message).toContain('could not be read');
    expect(failed.output.message_key).toBe('portalUnreachable');
    // A summer day in Rome starts at 22:00 UTC the day before.
    expect(portal.ranges[0]?.from).toEqual(new Date('2026-06-30T22:00:00Z'));
  });

  it('ignores a payload that names no job', async () => {
    const { runner } = await setup();
    await runner.handle({ job: 'not-a-uuid' });
    await runner.handle(null);
    await runner.handle({ job: '00000000-0000-4000-8000-000000000000' });
  });
});
